# x.data = value checks value as torch: a number or a list was an AttributeError naming an internal
# attribute, and an integer tensor made x an int64 tensor that requires grad (exit 0), which torch
# never allows.
import numpy as np
import torch


def attempt(label, x, value):
    try:
        x.data = value
        print(label, "ok", x, x.dtype, x.requires_grad, x._version)
    except (RuntimeError, TypeError) as err:
        print(label, type(err).__name__, err)


attempt("a string", torch.ones(3), "a")
attempt("a list", torch.ones(3), [1., 2.])
attempt("None", torch.ones(3), None)
attempt("a numpy array", torch.ones(3), np.zeros(3))
attempt("int64 into a tensor that requires grad", torch.ones(3, requires_grad=True), torch.arange(3))
attempt("int64 into a plain tensor", torch.ones(3), torch.arange(3))
attempt("another shape", torch.ones(3, requires_grad=True), torch.zeros(2, 2))
attempt("float64", torch.ones(3), torch.zeros(3, dtype=torch.float64))
attempt("complex into a tensor that requires grad", torch.ones(3, requires_grad=True), torch.zeros(2, dtype=torch.complex64))
