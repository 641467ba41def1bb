import torch
from torch.profiler import profile, record_function, ProfilerActivity
# torch.profiler, as tutorials import it: the events recorded (not their times, which differ run to run)
x = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
    with record_function("model_inference"):
        y = (x @ x).relu().sum()
    y.backward()
print(type(prof).__name__, ProfilerActivity.CPU, [ProfilerActivity.CPU, ProfilerActivity.CUDA])
names = sorted(set(e.key for e in prof.key_averages()))
print("model_inference" in names, "aten::mm" in names, "aten::relu" in names)
table = prof.key_averages().table(sort_by="cpu_time_total", row_limit=5)
print(table.splitlines()[1].split())
print(x.grad)
p = profile()
p.start()
z = x.sin()
p.step()
p.stop()
print([e.key for e in p.key_averages()])
def handler(pr):
    print("ready", sorted(set(e.key for e in pr.key_averages())))
with profile(on_trace_ready=handler, schedule=torch.profiler.schedule(wait=1, warmup=1, active=2)) as q:
    w = x.cos()
with profile(on_trace_ready=handler) as q:
    w = x.tan()
print(w)
