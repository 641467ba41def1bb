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


@pytest.mark.parametrize("x_range, dtype", [("1e-300:1e-299", "float32"), ("1:1.000001", "float32"),
                                            ("1:1.000000000000001", "float64")])
def test_a_range_whose_points_collapse_in_the_dtype_is_a_usage_error(cli, x_range, dtype):
    # 1e-300:1e-299 is all zeros in float32: f(x) = x was drawn as a flat 0 under axis labels
    # from 1e-300 to 1e-299, exit 0
    r = cli("plot", "x", "--x", x_range, "--dtype", dtype)
    assert r.exit_code == 2 and r.stdout == ""
    assert f"--x {x_range}: its 200 points are not distinct numbers in {dtype}" in r.stderr


def test_the_same_range_plots_in_float64(cli):
    r = cli("plot", "x", "--x", "1e-300:1e-299", "--dtype", "float64", "--json")
    assert r.exit_code == 0 and '"f": [1e-300' in r.stdout
