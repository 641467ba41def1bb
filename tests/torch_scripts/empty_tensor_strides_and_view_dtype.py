import torch
# An empty tensor's strides are torch's contiguous ones (numpy 2.4 gives an empty array zero strides:
# torch.zeros(0).stride() printed (0,), torch.zeros(3, 0).stride() (0, 0)), so x.view(dtype) of an
# empty tensor works as in torch; a larger element size checks the last size and the offset before
# the last stride, as torch does
for make in [lambda: torch.zeros(0), lambda: torch.randn(0), lambda: torch.tensor([]), lambda: torch.zeros(3, 0),
             lambda: torch.zeros(0, 0, 0), lambda: torch.zeros(2, 0, 3), lambda: torch.arange(0),
             lambda: torch.ones(5)[5:], lambda: torch.zeros(2, 0, 4, 5).contiguous(memory_format=torch.channels_last)]:
    x = make()
    print(tuple(x.shape), x.stride(), x.stride(-1), x.is_contiguous())
for make, dtype in [(lambda: torch.randn(0), torch.float64), (lambda: torch.randn(0), torch.int8),
                    (lambda: torch.randn(0, 4), torch.complex128), (lambda: torch.randn(2, 0), torch.float64),
                    (lambda: torch.randn(4, 6)[:, ::2], torch.float64), (lambda: torch.randn(4, 8)[:, 1::2], torch.float64),
                    (lambda: torch.randn(4, 4).t(), torch.float64), (lambda: torch.randn(3, 9)[:, :4], torch.float64),
                    (lambda: torch.randn(2, 3, 4, 5).contiguous(memory_format=torch.channels_last), torch.float64),
                    (lambda: torch.randn(2, 3, 4, 6).contiguous(memory_format=torch.channels_last), torch.int8),
                    (lambda: torch.randn(4, 8)[:, 1::2], torch.int16)]:
    try:
        y = make().view(dtype)
        print(tuple(y.shape), y.stride(), y.dtype)
    except RuntimeError as e:
        print("RuntimeError:", str(e).split("\n")[0])
