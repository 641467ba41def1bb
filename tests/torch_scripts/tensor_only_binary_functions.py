# atan2, hypot, logaddexp and logical_and/or/xor have no Scalar overload in torch: a Python number (or
# list) operand is its TypeError, where gradcli wrapped it
import torch
x = torch.tensor([1., 2.])
b = torch.tensor([True, False])
for name, f in [("atan2 int", lambda: torch.atan2(x, 2)), ("atan2 input int", lambda: torch.atan2(2, x)), ("atan2 ok", lambda: torch.atan2(x, x)),
                ("hypot float", lambda: torch.hypot(x, 2.5)), ("hypot ok", lambda: torch.hypot(x, x)), ("logaddexp", lambda: torch.logaddexp(x, 2)),
                ("logaddexp ok", lambda: torch.logaddexp(x, x)), ("logical_and", lambda: torch.logical_and(b, True)),
                ("logical_or input", lambda: torch.logical_or(1, b)), ("logical_xor list", lambda: torch.logical_xor(b, [True, False])),
                ("logical ok", lambda: torch.logical_and(b, b)), ("bitwise_and scalar", lambda: torch.bitwise_and(torch.tensor([3]), 1)),
                ("eq scalar", lambda: torch.eq(x, 1)), ("atan2_ tensor", lambda: x.clone().atan2_(x)), ("hypot_", lambda: x.clone().hypot_(x)),
                ("logical_and_", lambda: b.clone().logical_and_(b))]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, str(e).split("\n")[0])
