"""``torch.autograd.gradcheck``: gradcheck, gradgradcheck and their error type."""
from ..gradcheck import GradcheckError, get_numerical_jacobian, gradcheck, gradgradcheck  # noqa: F401
