import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
v = torch.tensor([1.0, -1.0], requires_grad=True)
exprs = {
    "x + 1": x + 1, "1 - x": 1 - x, "x * v": x * v, "x / 2": x / 2, "2 / x": 2 / x,
    "x ** 2": x ** 2, "2 ** x": 2 ** x, "x ** v": x ** v, "-x": -x, "x @ v": x @ v,
    "x @ x": x @ x, "x.sum()": x.sum(), "x.sum(0)": x.sum(0), "x.mean()": x.mean(),
    "x.mean(1)": x.mean(1), "x.exp()": x.exp(), "x.log()": x.log(), "x.t()": x.t(),
    "x.T": x.T, "x.view(4)": x.view(4), "x.reshape(4)": x.reshape(4), "x[0]": x[0],
    "x[:, 0]": x[:, 0], "x[x > 2]": x[x > 2], "x.max()": x.max(), "x.relu()": x.relu(),
    "x.sigmoid()": x.sigmoid(), "x.tanh()": x.tanh(), "x.abs()": x.abs(), "x.sqrt()": x.sqrt(),
    "x.clamp(0, 2)": x.clamp(0, 2), "x.unsqueeze(0)": x.unsqueeze(0), "x.squeeze()": x.squeeze(),
    "x.expand(3, 2, 2)": x.expand(3, 2, 2), "x.permute(1, 0)": x.permute(1, 0),
    "x.flatten()": x.flatten(), "x.clone()": x.clone(), "x.norm()": x.norm(),
    "x.prod()": x.prod(), "x.var()": x.var(), "x.std()": x.std(), "x.cumsum(0)": x.cumsum(0),
    "torch.stack([v, v])": torch.stack([v, v]), "torch.cat([v, v])": torch.cat([v, v]),
    "torch.where(x > 2, x, 0.)": torch.where(x > 2, x, 0.0), "x.sin()": x.sin(),
    "x.cos()": x.cos(), "x.pow(3)": x.pow(3), "x.mm(x)": x.mm(x), "v.dot(v)": v.dot(v),
    "x.mv(v)": x.mv(v), "x.diag()": x.diag(), "x.trace()": x.trace(), "x.det()": torch.det(x),
    "x.inverse()": torch.inverse(x), "x.softmax(0)": x.softmax(0), "x.float()": x.float(),
    "x.double()": x.double(), "x.amax(0)": x.amax(0), "x.logsumexp(0)": x.logsumexp(0),
    "x.flip(0)": x.flip(0), "x.transpose(0, 1)": x.transpose(0, 1), "x.narrow(0, 0, 1)": x.narrow(0, 0, 1),
    "x.split(1)[0]": x.split(1)[0], "x.unbind()[1]": x.unbind()[1], "x.repeat(2, 1)": x.repeat(2, 1),
    "x.masked_fill(x > 2, 0)": x.masked_fill(x > 2, 0.0), "x.tril()": x.tril(),
    "x.expm1()": x.expm1(), "x.log1p()": x.log1p(), "x.reciprocal()": x.reciprocal(),
    "x.neg()": x.neg(), "x.rsqrt()": x.rsqrt(), "x.square()": x.square(), "x.sign()": x.sign(),
    "x.floor()": x.floor(), "x.round()": x.round(), "x.erf()": x.erf(), "x.atan()": x.atan(),
    "x.min(dim=1)[0]": x.min(dim=1)[0], "torch.maximum(x, x.t())": torch.maximum(x, x.t()),
    "x.lerp(x.t(), 0.5)": torch.lerp(x, x.t(), 0.5), "x.sort()[0]": x.sort()[0],
}
for text, value in exprs.items():
    print(f"{text:28s} {type(value.grad_fn).__name__}")
