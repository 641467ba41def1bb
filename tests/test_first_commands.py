"""README opens with the two commands a newcomer needs, and CI runs exactly the second one."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _first_block() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("```", 2)[1]
    return [line for line in block.splitlines() if line.strip()]


def test_readme_opens_with_install_and_run_then_install_and_test():
    install_and_run, install_and_test = _first_block()
    assert install_and_run.startswith("pip install . && gradcli ")
    assert install_and_test.startswith("pip install '.[test]' && ") and "pytest" in install_and_test


def test_ci_runs_exactly_the_readme_test_command():
    _, install_and_test = _first_block()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert install_and_test in ci


def test_readme_adding_an_op_shows_the_real_record():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Adding an op", 1)[1]
    record = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert record in (ROOT / "gradcli" / "engine" / "ops" / "pointwise.py").read_text(encoding="utf-8")
