func.func @f(%i: index) -> index {
  %q = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
  return %q : index
}
