import torch

# torch.istft: the inverse of stft, its nodes, values and gradients, and its errors
torch.manual_seed(0)
torch.set_printoptions(precision=4, sci_mode=False)


def rounded(t):
    """Values to 4 decimals without FFT round-off noise around zero (and no negative zeros)."""
    t = torch.view_as_real(t) if t.is_complex() else t
    return (t * 1e4).round() / 1e4 + 0.0


x = torch.randn(20, dtype=torch.float64)
w = torch.hann_window(8, dtype=torch.float64)
S = torch.stft(x, 8, hop_length=2, window=w, return_complex=True).requires_grad_()
y = torch.istft(S, 8, hop_length=2, window=w)
print(y.shape, y.dtype, torch.allclose(y, x), rounded(y))
node, names = y.grad_fn, []
while node is not None:
    names.append(node.name())
    node = next((f for f, _ in node.next_functions if f is not None), None)
print(names)
y.sum().backward()
print(rounded(S.grad))
(gS,) = torch.autograd.grad((torch.istft(S, 8, 2, window=w) ** 2).sum(), S, create_graph=True)
print(gS.grad_fn.name(), rounded(torch.autograd.grad(gS.abs().sum(), S)[0]))

# batches, lengths, windows shorter than n_fft, normalized, two-sided and complex output
xb = torch.randn(2, 30)
wb = torch.hamming_window(10)
Sb = torch.stft(xb, 10, 3, window=wb, return_complex=True)
for kwargs in [dict(), dict(length=25), dict(length=34), dict(center=True, normalized=False)]:
    r = torch.istft(Sb, 10, 3, window=wb, **kwargs)
    print(kwargs, r.shape, rounded(r[:, :6]), torch.allclose(r[:, :25], xb[:, :25], atol=1e-5))
w6 = torch.hann_window(6)
S6 = torch.stft(xb[0], 8, 2, win_length=6, window=w6, return_complex=True)
print(rounded(torch.istft(S6, 8, 2, win_length=6, window=w6)[:6]))
Sn = torch.stft(xb[0], 8, 2, window=torch.hann_window(8), normalized=True, return_complex=True)
print(rounded(torch.istft(Sn, 8, 2, window=torch.hann_window(8), normalized=True)[:6]))
St = torch.stft(xb[0], 8, 2, window=torch.hann_window(8), onesided=False, return_complex=True)
print(St.shape, rounded(torch.istft(St, 8, 2, window=torch.hann_window(8), onesided=False)[:6]))
z = torch.randn(24, dtype=torch.complex64)
Sz = torch.stft(z, 8, 2, window=torch.hann_window(8), return_complex=True)
rz = torch.istft(Sz, 8, 2, window=torch.hann_window(8), return_complex=True)
print(rz.dtype, rz.shape, torch.allclose(rz, z, atol=1e-5), rounded(Sz.istft(8, 2, window=torch.hann_window(8),
                                                                          return_complex=True)[:3]))
print(rounded(torch.istft(torch.stft(xb[0], 8, 2, window=torch.ones(8), center=False, return_complex=True), 8, 2,
                          window=torch.ones(8), center=False)[:6]))

S32 = torch.stft(torch.randn(16), 8, hop_length=2, window=torch.hann_window(8), return_complex=True)
w32 = torch.hann_window(8)
for name, f in [("real input", lambda: torch.istft(torch.view_as_real(S32), 8, 2, window=w32)),
                ("overlap add", lambda: torch.istft(S32, 8, 2, window=w32, center=False)),
                ("n_fft", lambda: torch.istft(S32, 10, 2, window=w32)),
                ("two-sided", lambda: torch.istft(S32, 8, 2, window=w32, onesided=False)),
                ("hop", lambda: torch.istft(S32, 8, 9, window=w32)),
                ("hop 0", lambda: torch.istft(S32, 8, 0, window=w32)),
                ("win_length", lambda: torch.istft(S32, 8, 2, win_length=9)),
                ("window shape", lambda: torch.istft(S32, 8, 2, window=torch.ones(7))),
                ("4-d", lambda: torch.istft(S32[None, None], 8, 2, window=w32)),
                ("empty", lambda: torch.istft(S32[:, :0], 8, 2, window=w32)),
                ("complex onesided", lambda: torch.istft(S32, 8, 2, window=w32, return_complex=True)),
                ("complex window", lambda: torch.istft(S32, 8, 2, window=w32.to(torch.complex64))),
                ("float n_fft", lambda: torch.istft(S32, 8.0, 2, window=w32)),
                ("1-d", lambda: torch.istft(S32[0], 8, 2, window=w32))]:
    try:
        print(name, f())
    except (RuntimeError, TypeError, IndexError) as e:
        print(name, type(e).__name__, str(e).split("\n")[0])
