import torch

# torch.device and .to() parse a device string as torch does, with its messages
for s in ['gpu', 'cuda:x', 'cpu:0:1', '', 'CPU', 'cuda:-1', 'cpu:1', 'meta', 'mps', 'cpu', 'cuda', 'cuda:0', 'xla']:
    try:
        print(repr(s), torch.device(s))
    except RuntimeError as e:
        print(repr(s), "RuntimeError:", e)
for s in ['gpu', 'cuda:x', 'CPU', 'cpu:0', 'cpu']:
    try:
        print(repr(s), torch.ones(1).to(s))
    except RuntimeError as e:
        print(repr(s), "RuntimeError:", e)
print(torch.device('cpu', 0), torch.device('cuda', 1).index, torch.device('cpu') == torch.device('cpu:0'))
for s in ['cuda:01', 'cuda:', 'cu_da', 'cpu 0', 'cpu:1a', ':0', 'Cuda:0', 'float64', 'cuda0']:
    try:
        print(repr(s), torch.device(s))
    except RuntimeError as e:
        print(repr(s), "RuntimeError:", e)
