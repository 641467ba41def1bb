"""Anomaly mode: torch's warnings and errors, and the forward line that made the failing node."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

import gradcli.engine as torch
from gradcli.engine import instrumentation
from gradcli.engine.autograd.anomaly_mode import AnomalyError, is_anomaly_enabled


def test_detect_anomaly_warns_like_torch():
    with pytest.warns(UserWarning, match="Anomaly Detection has been enabled. This mode will increase the runtime "
                                         "and should only be enabled for debugging."):
        with torch.autograd.detect_anomaly():
            assert is_anomaly_enabled()
    assert not is_anomaly_enabled()


def test_nan_in_backward_names_node_and_forward_line():
    a = torch.ones(2, requires_grad=True)
    with warnings.catch_warnings(record=True) as rec, np.errstate(all="ignore"):
        warnings.simplefilter("always")
        with torch.autograd.set_detect_anomaly(True):
            b = (a * 0) / 0       # MulBackward0 will get inf * 0 = nan
            with pytest.raises(AnomalyError, match="Function 'MulBackward0' returned nan values in its 0th output."):
                b.sum().backward()
    trace = [str(w.message) for w in rec if "Error detected in MulBackward0" in str(w.message)]
    assert trace and "b = (a * 0) / 0" in trace[0]


def test_script_locations_come_from_the_language_layer(monkeypatch):
    monkeypatch.setattr(instrumentation, "creation_context", lambda: "demo.grad:3: y = x / 0")
    x = torch.zeros(1, requires_grad=True)
    with np.errstate(all="ignore"), warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        with torch.autograd.set_detect_anomaly(True):
            y = x / 0 * 0
            with pytest.raises(AnomalyError) as info:
                y.backward()
    assert info.value.forward_trace == "demo.grad:3: y = x / 0"
    assert any("demo.grad:3: y = x / 0" in str(w.message) for w in rec)


def test_check_nan_false_lets_nan_through():
    a = torch.ones(2, requires_grad=True)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with torch.autograd.set_detect_anomaly(True, check_nan=False):
            ((a * 0) / 0).sum().backward()
    assert np.isnan(a.grad.numpy()).all()


def test_inplace_error_hint_changes_in_anomaly_mode():
    x = torch.ones(2, requires_grad=True)
    y = x.exp()
    z = y * 2
    y.add_(1)
    with pytest.raises(RuntimeError, match="Hint: enable anomaly detection"):
        z.sum().backward(retain_graph=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with torch.autograd.set_detect_anomaly(True):
            y2 = x.exp()
            z2 = y2 * 2
            y2.add_(1)
            with pytest.raises(RuntimeError, match="the backtrace further above shows the operation"):
                z2.sum().backward()


def test_set_detect_anomaly_as_a_plain_call():
    torch.autograd.set_detect_anomaly(True)
    try:
        assert instrumentation.anomaly
    finally:
        torch.autograd.set_detect_anomaly(False)
    assert not instrumentation.anomaly
