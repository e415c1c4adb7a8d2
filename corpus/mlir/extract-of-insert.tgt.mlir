func.func @f(%t: tensor<?xi8>, %v: i8, %i: index) -> i8 {
  return %v : i8
}
