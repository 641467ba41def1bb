import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.sin(torch.arange(12.)).reshape(3, 4).requires_grad_()
classes = torch.tensor([1, 0, 3])
labels = torch.tensor([[1, 0, -1, 2], [3, -1, 0, 0], [0, 1, 2, 3]])
losses = [F.multi_margin_loss(x, classes), F.multi_margin_loss(x, classes, p=2, margin=0.5, weight=torch.tensor([1., 2., 1., .5])),
          F.multilabel_margin_loss(x, labels), F.multilabel_margin_loss(x, labels, reduction="sum"),
          F.soft_margin_loss(x, torch.tensor([[1., -1., 1., 1.]] * 3)),
          F.triplet_margin_with_distance_loss(x, x.flip(0), x.roll(1, 1)),
          F.triplet_margin_with_distance_loss(x, x.flip(0), x.roll(1, 1), swap=True, margin=0.3,
                                              distance_function=lambda a, b: 1 - F.cosine_similarity(a, b))]
for loss in losses:
    g, = torch.autograd.grad(loss, x)
    print(type(loss.grad_fn).__name__, len(loss.grad_fn.next_functions), round(loss.item(), 5), g)
print(F.multi_margin_loss(x, classes, reduction="none"), F.multilabel_margin_loss(x, labels, reduction="none"))

logits = torch.cos(torch.arange(30.) * 0.7).reshape(5, 2, 3).requires_grad_()
targets = torch.tensor([[1, 2], [1, 1]])
for reduction in ["mean", "sum", "none"]:
    loss = F.ctc_loss(logits.log_softmax(2), targets, (5, 4), (2, 1), reduction=reduction)
    g, = torch.autograd.grad(loss.sum(), logits)
    print(reduction, loss, g[0])
ctc = nn.CTCLoss(zero_infinity=True)
print(ctc, ctc(logits.log_softmax(2), torch.tensor([1, 2, 2, 2]), torch.tensor([5, 2]), torch.tensor([1, 3])))
print(F.ctc_loss(logits.log_softmax(2), torch.tensor([1, 2, 2, 2]), (5, 2), (1, 3), reduction="none"))
node = F.ctc_loss(logits.log_softmax(2), targets, (5, 4), (2, 1), reduction="none").grad_fn
print(node.name(), node._saved_input_lengths, node._saved_target_lengths, node._saved_blank, node._saved_result0)
print(torch.kl_div(x, torch.full((3, 4), 0.25)), torch.margin_ranking_loss(x[0], x[1], torch.ones(4), 0.1, 1))
print(nn.MultiMarginLoss(weight=torch.ones(4)).state_dict(), nn.TripletMarginWithDistanceLoss(), nn.MultiLabelMarginLoss())
