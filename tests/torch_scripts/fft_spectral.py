# torch.fft as signal-processing tutorials use it: spectra, frequencies, filtering, and gradients through them.
import math
import torch

t = torch.arange(16, dtype=torch.float32) / 16
signal = torch.sin(2 * math.pi * 3 * t) + 0.5 * torch.cos(2 * math.pi * 5 * t)
spectrum = torch.fft.rfft(signal)
freqs = torch.fft.rfftfreq(16, d=1 / 16)
print(freqs)
print(spectrum.abs().round(decimals=3))
print(freqs[spectrum.abs().argmax()])
print(torch.fft.fftshift(torch.fft.fftfreq(8)))

# a learnable spectral filter
x = torch.linspace(-1.0, 1.0, 8)
w = torch.ones(5, requires_grad=True)
y = torch.fft.irfft(torch.fft.rfft(x) * w, n=8)
loss = (y - x.flip(0)).pow(2).sum()
loss.backward()
print(y)
print(loss, w.grad)

# 2-D transforms, norms and the complex spectrum's parts
img = torch.tensor([[1.0, 2.0, 0.25], [0.5, -1.0, 3.0]], requires_grad=True)
F2 = torch.fft.fft2(img, norm="ortho")
print(F2)
print(F2.real, F2.imag)
power = (F2.abs() ** 2).sum()
power.backward()
print(power, img.grad)

z = torch.tensor([1 + 1j, 2 - 1j, 0.5j, -1 + 0j], requires_grad=True)
Z = torch.fft.ifft(z)
print(Z, Z.grad_fn)
torch.view_as_real(Z).pow(2).sum().backward()
print(z.grad)
print(torch.fft.hfft(z.detach(), n=6), torch.fft.ihfft(torch.arange(5.0)))
