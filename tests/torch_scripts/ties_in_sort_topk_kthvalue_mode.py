# Equal values past 16 elements: torch's CPU sort (stable=False), topk, kthvalue and mode pick among the
# equal elements' indices by the swaps of libstdc++'s std::sort / partial_sort / nth_element and torch's
# quick select, not in index order: sorting a batch's sequence lengths for packing, ranking integer scores,
# a k-NN majority vote. stable=True keeps index order.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
lengths = torch.randint(1, 6, (20,))
print(lengths)
sorted_lengths, perm = lengths.sort(0, descending=True)
print(sorted_lengths, perm)
print(torch.sort(lengths).indices)
print(torch.sort(lengths, stable=True).indices)
print(torch.argsort(lengths, descending=True), lengths.argsort(stable=True, descending=True))

scores = torch.randint(0, 4, (3, 40)).float()
scores[0, 5] = float("nan")
print(scores.sort(dim=1).indices[:, :12])
print(scores.topk(5, dim=1))
print(scores.topk(3, dim=1, largest=False).indices, scores.topk(30, dim=1, sorted=False).indices[1, :10])
print(torch.topk(scores.flatten(), 2).indices)
print(scores.kthvalue(20, dim=1), torch.kthvalue(scores[1], 3, keepdim=True).indices)

labels = torch.randint(0, 3, (8, 25))
votes = torch.mode(labels, dim=1)
print(votes.values, votes.indices)
print(torch.mode(torch.randint(0, 2, (30,))))

ranks = torch.randint(0, 10, (64,)).argsort()
print(ranks[:16])

x = torch.randn(4)
print(F.cross_entropy(x, torch.tensor([2])), F.nll_loss(x, torch.tensor([2]), reduction="none"))
for attempt in (lambda: F.cross_entropy(torch.randn(4), torch.tensor([1, 2])),
                lambda: F.nll_loss(torch.randn(4), torch.tensor([1, 2])),
                lambda: F.dropout(torch.tensor([1, 2, 3])),
                lambda: F.dropout(torch.tensor([1, 2, 3]), p=1.0)):
    try:
        print(attempt())
    except Exception as e:
        print(type(e).__name__, e)
