import torch
# nn.RNN/LSTM/GRU/RNNBase check their arguments as torch does, in its order: bias=1, batch_first='yes',
# input_size=0 or hidden_size=4.5 built a layer (or failed later with another message) in gradcli
cases = [dict(bias="yes"), dict(bias=1), dict(batch_first=1), dict(batch_first=None), dict(input_size=0),
         dict(input_size=3.0), dict(input_size=-2), dict(hidden_size=4.5), dict(hidden_size=0), dict(num_layers=0),
         dict(dropout=2), dict(dropout=True), dict(dropout=0.5, bias=2), dict(proj_size=-1), dict(proj_size=4),
         dict(bidirectional=1), dict(bias=True, batch_first=True)]
for kind in ("RNN", "LSTM", "GRU"):
    for change in cases:
        args = dict(input_size=3, hidden_size=4)
        args.update(change)
        try:
            print(kind, change, getattr(torch.nn, kind)(**args))
        except (TypeError, ValueError) as e:
            print(kind, change, type(e).__name__, e)
print(torch.nn.RNNBase("RNN_TANH", 3, 4, bias=0) if False else "")
for mode in ("LSTM", "FOO"):
    try:
        print(torch.nn.RNNBase(mode, 3, 4, batch_first="no"))
    except (TypeError, ValueError) as e:
        print(mode, type(e).__name__, e)
