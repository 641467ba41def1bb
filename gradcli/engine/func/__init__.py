"""``torch.func``: composable function transforms (grad, vjp, jvp, jacrev, jacfwd, hessian,
functional_call). ``vmap`` is not available yet: it needs a batching rule per op record."""
from .module_state import functional_call, stack_module_state
from .transforms import grad, grad_and_value, hessian, jacfwd, jacrev, jvp, linearize, vjp

__all__ = ["functional_call", "grad", "grad_and_value", "hessian", "jacfwd", "jacrev", "jvp", "linearize",
           "stack_module_state", "vjp"]
