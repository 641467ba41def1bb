import torch

x = torch.tensor([-7.5, -2.0, -0.25, 0.0, 0.5, 1.0, 3.0, 12.0], dtype=torch.float64, requires_grad=True)
for name in ["bessel_j0", "bessel_j1", "modified_bessel_i0", "modified_bessel_i1", "spherical_bessel_j0", "airy_ai"]:
    y = getattr(torch.special, name)(x)
    print(name, y, y.requires_grad)
p = x.detach().abs() + 0.1
for name in ["bessel_y0", "bessel_y1", "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0",
             "scaled_modified_bessel_k1"]:
    print(name, getattr(torch.special, name)(p))
print(torch.special.bessel_j0(torch.tensor([1, 2, 3])))
t = torch.linspace(-1, 1, 5)
for name in ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
             "legendre_polynomial_p", "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l"]:
    print(name, getattr(torch.special, name)(t, 4), getattr(torch.special, name)(t, torch.tensor([0, 1, 2, 3, 10])))
s = torch.linspace(0, 1, 5)
for name in ["shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
             "shifted_chebyshev_polynomial_w"]:
    print(name, getattr(torch.special, name)(s, 3))
