"""``torch.autograd.functional``: vjp, jvp, vhp, hvp, jacobian, hessian."""
from ..functional import hessian, hvp, jacobian, jvp, vhp, vjp  # noqa: F401
