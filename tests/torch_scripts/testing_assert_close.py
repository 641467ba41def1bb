import torch
from torch.testing import assert_close
cases = [(torch.tensor([1., 2., 3.]), torch.tensor([1., 2.1, 3.]), {}), (torch.tensor([1., 2.]), torch.tensor([1., 2.], dtype=torch.float64), {}),
         (torch.tensor([1, 2]), torch.tensor([1, 3]), {}), (torch.tensor([[1., 2.], [3., 4.]]), torch.tensor([[1., 2.], [3., 4.5]]), {'rtol': 0.01, 'atol': 0.01}),
         (torch.ones(2), torch.ones(3), {}), (1.0, 1.0000001, {}), (torch.tensor(float('nan')), torch.tensor(float('nan')), {}),
         (torch.tensor([1., 2.]), torch.tensor([1., 2.]), {}), (torch.tensor([1., 2.]), [1., 2.], {}), (torch.tensor(2.0), torch.tensor(2.5), {}),
         (torch.tensor([1., 2.]), torch.tensor([1., 2.0000001]), {})]
for a, b, kw in cases:
    try:
        assert_close(a, b, **kw)
        print("OK")
    except AssertionError as e:
        print("AssertionError", e)
    except TypeError as e:
        print("TypeError", e)
x = torch.randn(3, requires_grad=True)
torch.testing.assert_close(x.sin().sum(), x.sin().sum())
print("done")
