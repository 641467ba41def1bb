"""``torch.autograd.gradcheck``: gradcheck, gradgradcheck and their error type."""
from ..gradcheck import GradcheckError, gradcheck, gradgradcheck  # noqa: F401
