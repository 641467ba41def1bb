# Storages as tutorials on views show them: shared data_ptr, whole-base storages, bytes and elements.
import torch
x = torch.tensor([1.0, 2.5, -3.0])
s = x.storage()
print(s)
print(s.size(), len(s), s.data_ptr() == x.data_ptr(), s.dtype, s.element_size(), s.nbytes(), s.tolist(), s[1])
u = x.untyped_storage()
print(u)
print(u.size(), len(u), u.nbytes(), u.data_ptr() == x.data_ptr(), u[0], u.tolist()[:4], u.element_size())
y = x[1:]
print(y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr(), y.storage_offset(), len(y.untyped_storage()))
print(torch.tensor([1, 2]).storage())
print(x.view(3, 1).t().storage().data_ptr() == x.storage().data_ptr())
z = x.clone()
print(z.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
print(torch.tensor([True, False]).storage(), torch.tensor([1 + 2j]).storage())
print(torch.tensor([]).untyped_storage())
print(x.storage().untyped().nbytes(), x.untyped_storage().device)
