# io.BytesIO (the in-memory file of torch.save) refuses what is not bytes-like and a bad seek as Python's does;
# a checkpoint round trip through it still works.
import io
import torch

for make in (lambda: io.BytesIO(10), lambda: io.BytesIO("ab"), lambda: io.BytesIO().write(5),
             lambda: io.BytesIO().write("s"), lambda: io.BytesIO().seek(0, 5), lambda: io.BytesIO().seek(-1),
             lambda: io.BytesIO().seek("a")):
    try:
        make()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
buffer = io.BytesIO()
print(buffer.seek(-1, 1), buffer.seek(-10, 2), buffer.seek(3), buffer.tell())
buffer = io.BytesIO()
torch.save({"w": torch.ones(2)}, buffer)
buffer.seek(0)
print(torch.load(buffer)["w"])
