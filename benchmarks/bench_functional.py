"""Jacobians and Hessians, side by side: gradcli against PyTorch (functional with vectorize=False and
True, and torch.func), JAX and HIPS autograd (whichever are installed), and the closed form in plain
numpy (the floor). One BLAS thread each, medians over interleaved rounds.

    python benchmarks/bench_functional.py [--rounds 15]

Workloads: the Jacobian of tanh(W @ x + b), W 256x256; the Hessian of
logsumexp(A @ x) + 0.5 * sum(x**2), A 64x128.
Targets: Jacobian <= 1.2x torch.func.jacrev; Hessian <= 1.0x torch hessian(vectorize=True).
"""
from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VECLIB_MAXIMUM_THREADS",
             "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

N_JAC = 256
M_HESS, N_HESS = 64, 128


def _data():
    rng = np.random.default_rng(0)
    W = rng.standard_normal((N_JAC, N_JAC)) / 16
    b = rng.standard_normal(N_JAC)
    xj = rng.standard_normal(N_JAC)
    A = rng.standard_normal((M_HESS, N_HESS)) / 8
    xh = rng.standard_normal(N_HESS)
    return W, b, xj, A, xh


def candidates() -> dict:
    """name -> (jacobian thunk or None, hessian thunk or None); each thunk returns an ndarray."""
    W, b, xj, A, xh = _data()
    out = {}

    def np_jac():
        y = np.tanh(W @ xj + b)
        return (1 - y * y)[:, None] * W

    def np_hess():
        z = A @ xh
        p = np.exp(z - z.max())
        p /= p.sum()
        return A.T @ ((np.diag(p) - np.outer(p, p)) @ A) + np.eye(N_HESS)

    out["numpy closed form (floor)"] = (np_jac, np_hess)

    from gradcli import engine as ag
    from gradcli.engine.autograd import functional as F
    gW, gb, gx, gA, gxh = (ag.tensor(v) for v in (W, b, xj, A, xh))
    g_f = lambda x: ag.tanh(gW @ x + gb)  # noqa: E731
    g_h = lambda x: ag.logsumexp(gA @ x, 0) + 0.5 * (x ** 2).sum()  # noqa: E731
    out["gradcli vectorize=True"] = (lambda: F.jacobian(g_f, gx, vectorize=True)._data,
                                               lambda: F.hessian(g_h, gxh, vectorize=True)._data)
    out["gradcli forward-mode"] = (lambda: F.jacobian(g_f, gx, vectorize=True, strategy="forward-mode")._data,
                                   lambda: F.hessian(g_h, gxh, vectorize=True,
                                                     outer_jacobian_strategy="forward-mode")._data)
    out["gradcli vectorize=False"] = (lambda: F.jacobian(g_f, gx)._data, lambda: F.hessian(g_h, gxh)._data)

    try:
        import torch
        torch.set_num_threads(1)
        tW, tb, tx, tA, txh = (torch.tensor(v) for v in (W, b, xj, A, xh))
        t_f = lambda x: torch.tanh(tW @ x + tb)  # noqa: E731
        t_h = lambda x: torch.logsumexp(tA @ x, 0) + 0.5 * (x ** 2).sum()  # noqa: E731
        TF = torch.autograd.functional
        out["torch functional vectorize=False"] = (lambda: TF.jacobian(t_f, tx).numpy(),
                                                   lambda: TF.hessian(t_h, txh).numpy())
        out["torch functional vectorize=True"] = (lambda: TF.jacobian(t_f, tx, vectorize=True).numpy(),
                                                  lambda: TF.hessian(t_h, txh, vectorize=True).numpy())
        out["torch.func jacrev / hessian"] = (lambda: torch.func.jacrev(t_f)(tx).numpy(),
                                              lambda: torch.func.hessian(t_h)(txh).numpy())
    except ImportError:
        print("torch not installed: skipped")

    try:
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_enable_x64", True)
        jW, jb, jx, jA, jxh = (jnp.asarray(v) for v in (W, b, xj, A, xh))
        jj = jax.jit(jax.jacrev(lambda x: jnp.tanh(jW @ x + jb)))
        jh = jax.jit(jax.hessian(lambda x: jax.nn.logsumexp(jA @ x) + 0.5 * jnp.sum(x ** 2)))
        out["jax jit(jacrev) / jit(hessian)"] = (lambda: np.asarray(jj(jx).block_until_ready()),
                                                 lambda: np.asarray(jh(jxh).block_until_ready()))
    except ImportError:
        print("jax not installed: skipped")

    try:
        import autograd
        import autograd.numpy as anp
        from autograd.scipy.special import logsumexp as alse
        a_f = lambda x: anp.tanh(W @ x + b)  # noqa: E731
        a_h = lambda x: alse(A @ x) + 0.5 * anp.sum(x ** 2)  # noqa: E731
        out["HIPS autograd jacobian / hessian"] = (lambda: autograd.jacobian(a_f)(xj),
                                                   lambda: autograd.hessian(a_h)(xh))
    except ImportError:
        print("HIPS autograd not installed: skipped (pip install autograd)")
    return out


def measure(thunks: dict, rounds: int) -> dict:
    """Median seconds per call; the candidates take turns in each round so drift hits all alike."""
    times = {k: [] for k in thunks}
    for k, fn in thunks.items():   # warm-up (JIT, caches) and a first correctness read
        fn()
    for _ in range(rounds):
        for k, fn in thunks.items():
            reps = 1
            t0 = time.perf_counter()
            fn()
            dt = time.perf_counter() - t0
            if dt < 0.005:   # fast candidates: average several calls in the round
                reps = max(1, int(0.005 / max(dt, 1e-7)))
                t0 = time.perf_counter()
                for _ in range(reps):
                    fn()
                dt = (time.perf_counter() - t0) / reps
            times[k].append(dt)
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    cands = candidates()
    floor_j, floor_h = cands["numpy closed form (floor)"][0](), cands["numpy closed form (floor)"][1]()
    for what, idx, floor, ref, target, ratio_to in (
            (f"Jacobian of tanh(W @ x + b), W {N_JAC}x{N_JAC}", 0, floor_j, "gradcli vectorize=True",
             1.2, "torch.func jacrev / hessian"),
            (f"Hessian of logsumexp(A @ x) + 0.5 sum(x^2), A {M_HESS}x{N_HESS}", 1, floor_h,
             "gradcli vectorize=True", 1.0, "torch functional vectorize=True")):
        thunks = {k: v[idx] for k, v in cands.items() if v[idx] is not None}
        for k, fn in thunks.items():
            err = float(np.abs(np.asarray(fn()) - floor).max())
            if err > 1e-8:
                print(f"  ! {k} differs from the closed form by {err:.2e}")
        med = measure(thunks, args.rounds)
        base = med.get(ratio_to)
        print(f"\n{what}  (median of {args.rounds} interleaved rounds, 1 thread)")
        print(f"{'':36s} {'time':>10s} {'x floor':>9s} {'x ' + ratio_to.split()[0] + ' ref':>12s}")
        for k, t in sorted(med.items(), key=lambda kv: kv[1]):
            rel = f"{t / base:.2f}" if base else "-"
            print(f"{k:36s} {t * 1e3:8.3f}ms {t / med['numpy closed form (floor)']:9.2f} {rel:>12s}")
        if base:
            r = med[ref] / base
            print(f"target: {ref} <= {target:.1f}x {ratio_to}: {r:.2f}x -> {'met' if r <= target else 'NOT met'}")


if __name__ == "__main__":
    main()
