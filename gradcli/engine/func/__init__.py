"""``torch.func``: composable function transforms (grad, vjp, jvp, jacrev, jacfwd, hessian,
functional_call) and vmap with batching rules."""
from .module_state import functional_call, replace_all_batch_norm_modules_, stack_module_state
from .transforms import grad, grad_and_value, hessian, jacfwd, jacrev, jvp, linearize, vjp
from .vmap import vmap

__all__ = ["functional_call", "grad", "grad_and_value", "hessian", "jacfwd", "jacrev", "jvp", "linearize",
           "replace_all_batch_norm_modules_", "stack_module_state", "vjp", "vmap"]
