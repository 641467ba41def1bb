# Editing a model after it is built, as fine-tuning tutorials do: replacing a layer keeps its
# place (print order, parameters() order, state_dict keys), non-persistent buffers stay out of
# state_dict, and the class-level helpers (from_pretrained, generate_square_subsequent_mask).
import torch
import torch.nn as nn

torch.manual_seed(0)


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
        self.fc = nn.Linear(8, 10)
        self.register_buffer("mean", torch.zeros(4))
        self.register_buffer("cache", torch.ones(2), persistent=False)

    def forward(self, x):
        return self.fc(self.features(x - self.mean))


model = Backbone()
for p in model.parameters():
    p.requires_grad = False
model.fc = nn.Linear(8, 3)          # the new head stays where fc was
print(model)
print(list(model.state_dict().keys()))
print([n for n, p in model.named_parameters() if p.requires_grad])
print([n for n, _ in model.named_buffers()])
print(type(model).__name__, type(model.fc).__name__)
model.register_buffer("mean", torch.full((4,), 0.5))      # re-registered: still first, still saved
model.register_buffer("cache", torch.zeros(2))             # now persistent
print(list(model.state_dict().keys()))

print(model.get_submodule("features.0"))
print(model.get_parameter("fc.bias").shape, model.get_buffer("mean"))
for target in ("features.5", "fc.weight.x"):
    try:
        model.get_submodule(target)
    except AttributeError as e:
        print("AttributeError:", e)
print(model.cpu() is model, model.half().fc.weight.dtype, model.float().mean.dtype)

seq = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Tanh())
seq.insert(1, nn.Dropout(0.1))
seq[0] = nn.Linear(2, 4)
print(seq.pop(2))
del seq[-1]
print(seq)
layers = nn.ModuleList([nn.ReLU(), nn.Tanh(), nn.Sigmoid(), nn.GELU()])
del layers[1:3]
layers.insert(0, nn.Identity())
print(layers)

vectors = torch.tensor([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]])
emb = nn.Embedding.from_pretrained(vectors, freeze=False, padding_idx=0)
print(emb, emb.weight.requires_grad)
print(emb(torch.tensor([[2, 0]])))
bag = nn.EmbeddingBag.from_pretrained(vectors, mode="sum")
print(bag, bag.weight.requires_grad)
print(bag(torch.tensor([[0, 1], [1, 2]])))
print(nn.Transformer.generate_square_subsequent_mask(3))

gru = nn.GRU(2, 3, batch_first=True)
out, h = gru(torch.randn(2, 4, 2))
print(out.grad_fn, h.grad_fn)
out.sum().backward()
print(gru.weight_hh_l0.grad.sum())
