"""Engine errors: RuntimeError subclasses carrying torch's wording, so the language
layer can show them with the script position and tests can match torch's text."""


class AutogradError(RuntimeError):
    """Any error the engine raises on purpose (torch raises RuntimeError for these)."""


class ShapeError(AutogradError):
    """Operands whose shapes do not fit (broadcasting, matmul, cat, view...)."""


class DTypeError(AutogradError):
    """An op asked of a dtype that cannot do it (requires_grad on ints, bad in-place cast)."""


class _LinAlgError(AutogradError):
    """A linear-algebra failure (singular, not positive-definite, no convergence): torch.linalg.LinAlgError,
    whose class torch names ``_LinAlgError``."""


LinAlgError = _LinAlgError


class GraphError(AutogradError):
    """Misuse of the graph: backward twice, no grad_fn, unused inputs, in-place on saved tensors."""


BACKWARD_TWICE = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward."
)
NO_GRAD_FN = "element 0 of tensors does not require grad and does not have a grad_fn"
SCALAR_ONLY = "grad can be implicitly created only for scalar outputs"
LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."
INFERENCE_INPLACE = ("Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get "
                     "a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details.")
VIEW_OF_LEAF_INPLACE = "a view of a leaf Variable that requires grad is being used in an in-place operation."
INTERNAL_OVERLAP = ("unsupported operation: more than one element of the written-to tensor refers to a single "
                    "memory location. Please clone() the tensor before performing the operation.")
NONLEAF_REQUIRES_GRAD = (
    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
)
NONLEAF_REQUIRES_GRAD_FALSE = NONLEAF_REQUIRES_GRAD
INT_REQUIRES_GRAD = "Only Tensors of floating point and complex dtype can require gradients"
UNUSED_INPUT = (
    "The differentiated Tensor at index {} appears to not have been used in the graph. "
    "Set allow_unused=True if this is the desired behavior."
)
INFERENCE_SAVED = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in "
    "computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use "
    "it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`."
)
INFERENCE_VERSION = "Inference tensors do not track version counter."
NUMPY_REQUIRES_GRAD = "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."


def type_name(obj) -> str:
    """An argument's type as torch's errors print it (Python's tp_name): numpy's classes with their
    module (``numpy.ndarray``), the others bare (``list``, ``float``, a script's class)."""
    cls = type(obj)
    return f"numpy.{cls.__name__}" if cls.__module__ == "numpy" else cls.__name__
