"""torch.func in gradcli, side by side with torch.func (when installed) and gradcli's own
functional API: jacrev/jacfwd of tanh(W @ x + b) with W 256x256, and the Hessian of
logsumexp(A @ x) + 0.5 sum(x^2) with A 64x128, and per-sample gradients of a two-layer MLP
(32 -> 64 -> 10, batch 64) with vmap(grad(loss)). One BLAS thread, medians over interleaved rounds (in a new random order each round).

    python benchmarks/bench_func.py --rounds 21

Targets (issue 11): jacrev at most the time of gradcli's vectorized autograd.functional.jacobian;
hessian at most 1.0x gradcli's vectorized autograd.functional.hessian; per-sample gradients at
most 1.0x torch.func's vmap(grad) (the row's baseline when torch is installed).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import gradcli.engine as g  # noqa: E402

try:
    import torch  # noqa: E402
    torch.set_num_threads(1)
except ImportError:
    torch = None


def workloads() -> dict:
    rng = np.random.default_rng(0)
    W, b, x = rng.standard_normal((256, 256)) / 16, rng.standard_normal(256), rng.standard_normal(256)
    A, x2 = rng.standard_normal((64, 128)), rng.standard_normal(128)
    runs = {}
    Wg, bg, xg, Ag, x2g = (g.tensor(v) for v in (W, b, x, A, x2))

    def layer(v):
        return g.tanh(Wg @ v + bg)

    def energy(v):
        return g.logsumexp(Ag @ v, 0) + 0.5 * (v * v).sum()
    runs["jacobian 256x256"] = {
        "gradcli func.jacrev": lambda: g.func.jacrev(layer)(xg),
        "gradcli func.jacfwd": lambda: g.func.jacfwd(layer)(xg),
        "gradcli functional.jacobian": lambda: g.autograd.functional.jacobian(layer, xg, vectorize=True),
    }
    runs["hessian 128"] = {
        "gradcli func.hessian": lambda: g.func.hessian(energy)(x2g),
        "gradcli functional.hessian": lambda: g.autograd.functional.hessian(energy, x2g, vectorize=True),
    }
    W1, b1, W2, b2 = (rng.standard_normal(s) / 8 for s in ((64, 32), 64, (10, 64), 10))
    xs, ys = rng.standard_normal((64, 32)), rng.standard_normal((64, 10))
    P, X, Y = tuple(g.tensor(v) for v in (W1, b1, W2, b2)), g.tensor(xs), g.tensor(ys)

    def mlp_loss(p, x, y):
        return ((p[2] @ g.tanh(p[0] @ x + p[1]) + p[3] - y) ** 2).mean()
    per_sample = g.func.vmap(g.func.grad(mlp_loss), in_dims=(None, 0, 0))
    runs["per-sample grads MLP b64"] = {"gradcli vmap(grad)": lambda: per_sample(P, X, Y)}
    if torch is not None:
        Pt, Xt, Yt = tuple(torch.tensor(v) for v in (W1, b1, W2, b2)), torch.tensor(xs), torch.tensor(ys)

        def mlp_loss_t(p, x, y):
            return ((p[2] @ torch.tanh(p[0] @ x + p[1]) + p[3] - y) ** 2).mean()
        per_sample_t = torch.func.vmap(torch.func.grad(mlp_loss_t), in_dims=(None, 0, 0))
        runs["per-sample grads MLP b64"]["torch func.vmap(grad)"] = lambda: per_sample_t(Pt, Xt, Yt)
        Wt, bt, xt, At, x2t = (torch.tensor(v) for v in (W, b, x, A, x2))
        runs["jacobian 256x256"]["torch func.jacrev"] = lambda: torch.func.jacrev(lambda v: torch.tanh(Wt @ v + bt))(xt)
        runs["hessian 128"]["torch func.hessian"] = lambda: torch.func.hessian(
            lambda v: torch.logsumexp(At @ v, 0) + 0.5 * (v * v).sum())(x2t)
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args()
    for work, runs in workloads().items():
        for fn in runs.values():
            fn()                                   # warm up
        samples = {name: [] for name in runs}
        names = list(runs)
        order = random.Random(0)
        for _ in range(args.rounds):
            # a new order every round: a run's time depends on what ran just before it (caches, allocator)
            order.shuffle(names)
            for name in names:
                fn = runs[name]
                start = time.perf_counter()
                fn()
                samples[name].append(time.perf_counter() - start)
        median = {name: statistics.median(s) * 1000 for name, s in samples.items()}
        ref = next((n for n in median if "functional" in n), None) or next(
            (n for n in median if n.startswith("torch")), next(iter(median)))
        base = median[ref]
        print(work)
        for name, ms in median.items():
            print(f"  {name:<30} {ms:7.3f} ms   {ms / base:5.2f}x {ref}")


if __name__ == "__main__":
    main()
