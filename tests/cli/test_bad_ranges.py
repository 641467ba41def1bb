"""`gradcli plot --x` with a range that cannot be drawn: a usage error, not numpy's warnings and an empty plot."""

import pytest


@pytest.mark.parametrize("x_range", ["0:inf", "-inf:0", "-1e308:1e308", "nan:1", "0:nan"])
def test_an_infinite_range_is_a_usage_error(cli, x_range):
    r = cli("plot", "sin(x)", "--x", x_range)
    assert r.exit_code == 2
    assert "START and STOP must be finite numbers" in r.output
    assert "RuntimeWarning" not in r.output


def test_a_reversed_range_says_so(cli):
    r = cli("plot", "sin(x)", "--x", "1:0")
    assert r.exit_code == 2 and "--x 1:0: START must be less than STOP" in r.output


def test_a_tiny_range_still_plots(cli):
    assert cli("plot", "sin(x)", "--x", "0:1e-6", "--points", "5").exit_code == 0
