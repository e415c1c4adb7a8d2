// expect: refuted
// ceildiv is not floordiv (differs when 4 does not divide %i); replayed on index values.
func.func @f(%i: index) -> index {
  %q = affine.apply affine_map<(d0) -> (d0 ceildiv 4)>(%i)
  return %q : index
}
