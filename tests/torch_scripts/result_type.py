import torch
a = torch.tensor([1, 2])
b = torch.tensor(1.5, dtype=torch.float64)
c = torch.tensor([1.], dtype=torch.float16)
print(torch.result_type(a, 1.5), torch.result_type(a, b), torch.result_type(c, b), torch.result_type(a, True))
print(torch.result_type(2, 3.0), torch.result_type(c, 2), torch.result_type(torch.tensor([True]), a), torch.result_type(1, 2))
print(torch.result_type(torch.tensor(1), torch.tensor([1.5])), torch.result_type(b, torch.tensor(2, dtype=torch.int32)))
