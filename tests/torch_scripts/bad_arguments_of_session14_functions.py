import torch
def attempt(label, fn):
    try:
        print(label, "OK", fn())
    except Exception as e:
        print(label, type(e).__name__, "|", e)
attempt("strided neg", lambda: torch.empty_strided((2, -1), (1, 1)))
attempt("strided str", lambda: torch.empty_strided("ab", (1,)))
attempt("typename None", lambda: torch.typename(None))
attempt("warn_always int", lambda: (torch.set_warn_always(1), torch.is_warn_always_enabled())[1])
attempt("eig empty", lambda: torch.linalg.eig(torch.ones(0, 0)))
attempt("eig 1d", lambda: torch.linalg.eig(torch.ones(3)))
attempt("softmax dim5", lambda: torch.softmax(torch.ones(2, 3), 5))
attempt("softmax dim str", lambda: torch.softmax(torch.ones(2, 3), "a"))
attempt("multinomial str", lambda: torch.multinomial(torch.ones(3), "2"))
attempt("finfo str", lambda: torch.finfo("float32"))
attempt("mm shapes", lambda: torch.ones(1, 3) @ torch.ones(2, 4))
attempt("mm mixed", lambda: torch.ones(1, 3) @ torch.ones(3, 2, dtype=torch.float64))
attempt("size add int", lambda: torch.ones(2).shape + 1)
