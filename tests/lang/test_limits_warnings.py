"""A script that warns in a loop keeps one line per distinct warning with its count, formatted
while the run is still under its memory cap (issue 14)."""
import io

from gradcli.lang import Session
from gradcli.lang.limits import WarningCounter

NOT_A_LEAF = "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being accessed"


def test_a_warning_repeated_in_a_loop_is_one_line_with_its_count():
    session = Session(stdout=io.StringIO())
    session.run("for i in range(5000):\n    y = torch.tensor([1.], requires_grad=True) * 2\n    y.grad\n")
    assert len(session.warnings) == 1
    assert session.warnings[0].startswith(NOT_A_LEAF) and session.warnings[0].endswith(" (repeated 5000 times)")


def test_the_counter_keeps_a_bounded_number_of_bounded_texts():
    counter = WarningCounter()
    for i in range(250):
        counter(f"notice {i}", UserWarning, "f", 1)
    counter("x" * 10_000, RuntimeWarning, "f", 1)
    counter("notice 0", UserWarning, "f", 1)
    lines = counter.texts()
    assert len(lines) == 101
    assert lines[0] == "UserWarning: notice 0 (repeated 2 times)"
    assert lines[-1] == "151 more warnings of 100+ other kinds not shown"
    assert all(len(line) < 2100 for line in lines)


def test_the_counter_counts_texts_not_objects():
    # the engine passes one constant string; a script builds a new equal one each time; a category
    # of another name is another line
    counter = WarningCounter()
    constant = "the same notice"
    for _ in range(3):
        counter(UserWarning(constant), UserWarning, "f", 1)
        counter(UserWarning("the same " + "notice"), UserWarning, "f", 1)
    counter(RuntimeWarning(constant), RuntimeWarning, "f", 1)
    counter(UserWarning(constant), UserWarning, "f", 1)
    assert counter.texts() == ["UserWarning: the same notice (repeated 7 times)", "RuntimeWarning: the same notice"]
