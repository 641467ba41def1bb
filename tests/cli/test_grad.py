"""gradcli grad / jacobian / hessian: values, options, errors and exit codes."""
import json

import numpy as np
import pytest


def test_seed_003_gradients(cli):
    r = cli("grad", "exp(a*b) + e", "--at", "a=2", "--at", "b=0.5", "--at", "e=1")
    assert r.exit_code == 0
    assert r.stdout == ("value = tensor(3.7183, grad_fn=<AddBackward0>)\n"
                        "a.grad = tensor(1.3591)\nb.grad = tensor(5.4366)\ne.grad = tensor(1.)\n")
    assert r.stderr == ""


def test_json_schema(cli):
    r = cli("grad", "sum(x**2)", "--at", "x=[1,2,3]", "--json")
    assert json.loads(r.stdout) == {"value": 14.0, "shape": [], "dtype": "float32", "grad": {"x": [2.0, 4.0, 6.0]}}


def test_wrt_selects_inputs(cli):
    r = cli("grad", "a*b", "--at", "a=2", "--at", "b=3", "--wrt", "b", "--json")
    assert json.loads(r.stdout)["grad"] == {"b": 2.0}


def test_wrt_unknown_name_is_usage_error(cli):
    r = cli("grad", "a*b", "--at", "a=2", "--at", "b=3", "--wrt", "c")
    assert r.exit_code == 2 and "--wrt c" in r.stderr


def test_int_input_becomes_default_float(cli):
    r = cli("grad", "x**2", "--at", "x=3", "--json")
    assert json.loads(r.stdout)["grad"] == {"x": 6.0}


def test_dtype_float64(cli):
    r = cli("grad", "x**2", "--at", "x=3", "--dtype", "float64", "--json")
    assert json.loads(r.stdout)["dtype"] == "float64"
    r = cli("grad", "x**2", "--at", "x=3", "--json")
    assert json.loads(r.stdout)["dtype"] == "float32"    # the default is restored after each command


def test_language_values_for_inputs(cli):
    r = cli("grad", "sum(w @ x)", "--at", "x=linspace(0,1,3)", "--at", "w=ones(2,3)", "--json")
    doc = json.loads(r.stdout)
    assert doc["grad"]["w"] == [[0.0, 0.5, 1.0], [0.0, 0.5, 1.0]]
    assert doc["grad"]["x"] == [2.0, 2.0, 2.0]


def test_npy_and_npz_inputs(cli, tmp_path):
    np.save(tmp_path / "x.npy", np.array([1.0, 2.0]))
    np.savez(tmp_path / "w.npz", w=np.array([3.0, 4.0]), other=np.zeros(1))
    r = cli("grad", "sum(x*w)", "--at", f"x=@{tmp_path}/x.npy", "--at", f"w=@{tmp_path}/w.npz:w", "--json")
    assert json.loads(r.stdout)["grad"] == {"x": [3.0, 4.0], "w": [1.0, 2.0]}
    r = cli("grad", "sum(w)", "--at", f"w=@{tmp_path}/w.npz")
    assert r.exit_code == 2 and "say which" in r.stderr


def test_a_missing_npy_file_or_a_directory_is_a_usage_error(cli, tmp_path):
    r = cli("grad", "x", "--at", f"x=@{tmp_path}/nope.npy")
    assert r.exit_code == 2 and r.stderr == f"error: cannot load {tmp_path}/nope.npy for --at x: No such file or directory\n"
    r = cli("grad", "x", "--at", f"x=@{tmp_path}")
    assert r.exit_code == 2 and r.stderr == f"error: cannot load {tmp_path} for --at x: Is a directory\n"
    r = cli("grad", "x", "--grad-output", f"@{tmp_path}/nope.npy", "--at", "x=1.0")
    assert r.exit_code == 2 and "cannot load" in r.stderr and "No such file or directory" in r.stderr


def test_multi_statement_snippet_and_stdin(cli):
    r = cli("grad", "-", "--at", "x=2", "--json", input="y = x * 3\ny ** 2\n")
    assert json.loads(r.stdout)["grad"] == {"x": 36.0}


def test_free_variable_without_value_is_named(cli):
    r = cli("grad", "x * y", "--at", "x=1")
    assert r.exit_code == 2
    assert "no value for y" in r.stderr and "--at y=VALUE" in r.stderr


def test_a_misspelt_function_is_named_where_it_is_called_not_asked_for(cli):
    r = cli("grad", "sine(x) * 2", "--at", "x=1")
    assert "name 'sine' is not defined; did you mean 'sin'?" in r.stderr
    assert "<expr>:1:1" in r.stderr and "--at sine" not in r.stderr


def test_non_scalar_output_suggests_jacobian(cli):
    r = cli("grad", "x**2", "--at", "x=[1,2]")
    assert r.exit_code == 2
    assert "gradcli jacobian" in r.stderr and "--grad-output ones" in r.stderr


def test_grad_output(cli):
    r = cli("grad", "x**2", "--at", "x=[1,2]", "--grad-output", "ones", "--json")
    assert json.loads(r.stdout)["grad"] == {"x": [2.0, 4.0]}
    r = cli("grad", "x**2", "--at", "x=[1,2]", "--grad-output", "[1, 0]", "--json")
    assert json.loads(r.stdout)["grad"] == {"x": [2.0, 0.0]}


def test_create_graph_keeps_grad_fn(cli):
    r = cli("grad", "x**3", "--at", "x=2", "--create-graph")
    assert "x.grad = tensor(12., grad_fn=<MulBackward0>)" in r.stdout


def test_unused_input_gets_zero_gradient(cli):
    r = cli("grad", "x*2", "--at", "x=1", "--at", "y=5", "--json")
    assert json.loads(r.stdout)["grad"] == {"x": 2.0, "y": 0.0}


def test_parse_error_exit_2_with_caret(cli):
    r = cli("grad", "x**2 +", "--at", "x=3")
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0].startswith("<expr>:1:7: syntax error")
    assert r.stderr.splitlines()[-1].strip() == "^"
    assert "Traceback" not in r.stderr


def test_runtime_error_exit_1(cli):
    r = cli("grad", "x.foo", "--at", "x=3")
    assert r.exit_code == 1 and "has no attribute 'foo'" in r.stderr and "Traceback" not in r.stderr


def test_bad_at_value_points_into_the_value(cli):
    r = cli("grad", "x", "--at", "x=[1,")
    assert r.exit_code == 2 and "--at x" in r.stderr


def test_malformed_at(cli):
    r = cli("grad", "x", "--at", "x")
    assert r.exit_code == 2 and "NAME=VALUE" in r.stderr


def test_an_input_given_twice_is_refused_not_overwritten(cli):
    r = cli("grad", "x * 2", "--at", "x=1", "--at", "x=2")
    assert r.exit_code == 2 and "--at x= is given twice" in r.stderr and r.stdout == ""


def test_json_error_document(cli):
    r = cli("grad", "x +", "--at", "x=1", "--json")
    err = json.loads(r.stdout)["error"]
    assert err["kind"] == "syntax" and err["line"] == 1 and r.exit_code == 2


def test_debug_shows_traceback(cli):
    r = cli("grad", "x.foo", "--at", "x=3", "--debug")
    assert "Traceback" in r.stderr


def test_script_print_goes_to_stderr_with_json(cli):
    r = cli("grad", "print('hi'); x*2", "--at", "x=1", "--json")
    assert json.loads(r.stdout)["grad"] == {"x": 2.0} and "hi" in r.stderr


def test_nan_is_encoded(cli):
    r = cli("grad", "sqrt(x)", "--at", "x=-1", "--json")
    doc = json.loads(r.stdout)
    assert doc["value"] == "NaN" and doc["grad"]["x"] == "NaN"


def test_an_input_past_float32s_range_is_inf_without_a_numpy_warning(shell):
    # torch.tensor(1e40) is tensor(inf), silently; numpy's cast warning named a file of gradcli
    r = shell("gradcli grad 'x * 2' --at x=1e40")
    assert (r.returncode, r.stdout, r.stderr) == (0, "value = tensor(inf, grad_fn=<MulBackward0>)\nx.grad = tensor(2.)\n", "")


# -- jacobian and hessian ----------------------------------------------------------------------------

def test_jacobian_shape_as_torch(cli):
    r = cli("jacobian", "x**2 * w.sum()", "--at", "x=[1,2,3]", "--at", "w=[[1,2],[3,4]]", "--json")
    jac = json.loads(r.stdout)["jacobian"]
    assert np.array(jac["x"]).shape == (3, 3) and np.array(jac["w"]).shape == (3, 2, 2)
    assert jac["x"] == np.diag([20.0, 40.0, 60.0]).tolist()


def test_jacobian_table(cli):
    r = cli("jacobian", "x**2", "--at", "x=[1,2]")
    assert "dvalue/dx  shape [2, 2] = value [2] x x [2]" in r.stdout
    assert "value[1]" in r.stdout


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_jacobian_modes_agree(cli, mode):
    r = cli("jacobian", "sin(x) * x[0]", "--at", "x=[1,2]", "--mode", mode, "--dtype", "float64", "--json")
    assert r.exit_code == 0, r.stderr
    jac = np.array(json.loads(r.stdout)["jacobian"]["x"])
    x = np.array([1.0, 2.0])
    expected = np.diag(np.cos(x) * x[0])
    expected[:, 0] += np.sin(x)
    assert np.allclose(jac, expected)


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_a_complex_output_has_no_jacobian(cli, mode):
    # torch's vectorized reverse mode gives zeros for x * 1j (jacrev refuses it): the command showed them
    r = cli("jacobian", "x * 1j", "--at", "x=[1,2]", "--mode", mode)
    assert r.exit_code == 2 and r.stdout == ""
    assert "the expression's value is complex (complex64); a Jacobian needs a real output" in r.stderr
    assert cli("jacobian", "(x * 1j).imag", "--at", "x=[1,2]").exit_code == 0


def test_a_complex_output_has_no_hessian(cli):
    r = cli("hessian", "x * 1j", "--at", "x=1")
    assert r.exit_code == 2 and r.stdout == ""
    assert "the expression's value is complex (complex64); a Hessian needs a real output" in r.stderr


def test_a_complex_inputs_jacobian_shows_complex_cells(cli):
    # a real output of a complex input: torch's convention d/dRe + i d/dIm, one number per cell
    r = cli("jacobian", "abs(z)", "--at", "z=[1+1j, 2]")
    assert r.exit_code == 0, r.stderr
    assert "value[0]  0.707107+0.707107j  0+0j" in r.stdout


def test_a_forward_mode_jacobian_prints_as_the_reverse_one(cli):
    # eigh's forward rule runs on the graph of the input (torch's jacfwd gives grad_fn=ViewBackward0 too):
    # the command showed the Jacobian with a grad_fn in forward mode only
    expr, at = "torch.linalg.eigh(x @ x.T).eigenvalues", "x=[[1., 2.], [3., 4.]]"
    forward = cli("jacobian", expr, "--at", at, "--mode", "forward")
    reverse = cli("jacobian", expr, "--at", at)
    assert forward.exit_code == 0 and forward.stdout == reverse.stdout and "grad_fn=<Reshape" not in forward.stdout


def test_hessian(cli):
    r = cli("hessian", "x[0]**2 * x[1]", "--at", "x=[1,2]", "--json")
    assert json.loads(r.stdout)["hessian"] == {"x": {"x": [[4.0, 2.0], [2.0, 0.0]]}}


def test_hessian_of_two_inputs(cli):
    r = cli("hessian", "a*a*b", "--at", "a=3", "--at", "b=2", "--json")
    h = json.loads(r.stdout)["hessian"]
    assert h == {"a": {"a": 4.0, "b": 6.0}, "b": {"a": 6.0, "b": 0.0}}


def test_hessian_needs_scalar(cli):
    r = cli("hessian", "x*2", "--at", "x=[1,2]")
    assert r.exit_code == 2 and "scalar" in r.stderr


# -- the Typer-free path of `grad` ---------------------------------------------------------------------

from gradcli.cli.oneshot import parse_grad_args  # noqa: E402


def test_fast_parser_accepts_the_documented_forms():
    opts = parse_grad_args(["x*y", "--at", "x=1", "-a", "y=2", "--at=z=3", "--wrt=x", "--json",
                            "--grad-output", "ones", "--create-graph", "--dtype", "float64"])
    assert opts == {"expr": "x*y", "at": ["x=1", "y=2", "z=3"], "wrt": "x", "grad_output": "ones",
                    "create_graph": True, "dtype": "float64", "json_output": True, "debug": False, "file": None,
                    "timeout": None, "max_elements": None, "max_memory": None, "per_sample": None}
    assert parse_grad_args(["l", "--at", "x=1", "--per-sample", "x"])["per_sample"] == "x"
    limited = parse_grad_args(["x", "--timeout", "2.5", "--max-elements=100", "--max-memory", "64"])
    assert (limited["timeout"], limited["max_elements"], limited["max_memory"]) == (2.5, 100, 64)
    assert parse_grad_args(["-f", "s.grad", "--at", "x=1"])["file"] == "s.grad"
    assert parse_grad_args(["x", "-f", "s.grad"]) is None      # an expression and a file: Typer says which
    assert parse_grad_args(["--at", "x=1", "--", "-x"])["expr"] == "-x"
    assert parse_grad_args(["-", "--at", "x=1"])["expr"] == "-"


@pytest.mark.parametrize("args", [["--help"], [], ["a", "b"], ["x", "--at"], ["x", "--dtype", "int8"],
                                  ["x", "--bogus"], ["x", "-a=x=1"], ["x", "--timeout", "inf"],
                                  ["x", "--max-elements", "0"], ["x", "--max-memory", "lots"]])
def test_fast_parser_leaves_the_rest_to_typer(args):
    assert parse_grad_args(args) is None


def test_entry_point_matches_typer(capsys):
    from gradcli.cli.app import main
    with pytest.raises(SystemExit) as done:
        main(["grad", "x +", "--at", "x=1"])
    assert done.value.code == 2 and "syntax error" in capsys.readouterr().err
    main(["grad", "x**2", "--at", "x=3", "--json"])
    assert json.loads(capsys.readouterr().out)["grad"] == {"x": 6.0}


def _npy_with_header(path, header: dict, data: bytes = b"\0" * 64):
    with open(path, "wb") as f:
        np.lib.format.write_array_header_1_0(f, header)
        f.write(data)


def test_an_npy_input_that_is_not_numbers_is_refused_from_its_header(cli, tmp_path):
    # a 200-byte file whose header promises 40 strings of 100 million characters (16 GB) is refused
    # before numpy allocates it, as are other arrays a tensor cannot hold
    _npy_with_header(tmp_path / "big.npy", {"descr": "<U100000000", "fortran_order": False, "shape": (40,)})
    np.save(tmp_path / "words.npy", np.array(["a", "b"]))
    np.save(tmp_path / "days.npy", np.array(["2020-01-01"], dtype="datetime64[D]"))
    for name in ("big", "words", "days"):
        r = cli("grad", "x.sum()", "--at", f"x=@{tmp_path}/{name}.npy")
        assert r.exit_code == 1 and "Traceback" not in r.stderr, r.stderr
        assert r.stderr.startswith("error: cannot make a tensor of an array of ")
        assert f"{tmp_path}/{name}.npy holds no numbers" in r.stderr


def test_an_npz_member_that_is_not_an_npy_is_refused_before_it_is_inflated(cli, tmp_path):
    import zipfile
    with zipfile.ZipFile(tmp_path / "bomb.npz", "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("x", b"\0" * (1 << 20))    # numpy would hand back the member's inflated bytes
    r = cli("grad", "x.sum()", "--at", f"x=@{tmp_path}/bomb.npz:x")
    assert r.exit_code == 1 and "its member 'x' is not an .npy array" in r.stderr


def test_an_npy_header_that_does_not_parse_names_the_file(cli, tmp_path):
    text = b"{'descr': '<f8', 'fortran_order': False, 'shape': (3,"
    (tmp_path / "bad.npy").write_bytes(b"\x93NUMPY\x01\x00" + len(text + b"\n").to_bytes(2, "little") + text + b"\n")
    r = cli("grad", "x.sum()", "--at", f"x=@{tmp_path}/bad.npy")
    assert r.exit_code == 1 and r.stderr.startswith(f"error: cannot load {tmp_path}/bad.npy: its .npy header"), r.stderr
