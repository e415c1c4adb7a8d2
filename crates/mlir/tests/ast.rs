//! The AST of representative ops, through the public API.

use mlir::*;

fn parse_ok(src: &str) -> Module {
    match parse(src) {
        Ok(m) => m,
        Err(ds) => {
            let r: String = ds
                .iter()
                .map(|d| report::render_diagnostic("t.mlir", src, d))
                .collect();
            panic!("{r}")
        }
    }
}

/// The first op named `name` in pre-order.
fn find(m: &Module, name: &str) -> OpId {
    *m.walk()
        .iter()
        .find(|&&o| m.op(o).name == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

fn ints(a: Option<&Attr>) -> Vec<i128> {
    a.and_then(Attr::as_ints).expect("an integer array")
}

#[test]
fn linalg_generic_with_maps() {
    let src = r#"
#map0 = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1)[s0] -> (d1 floordiv 2 + s0, d0 - 1)>
func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x8xf32> {
  %0 = linalg.generic {indexing_maps = [#map0, #map1, #map0], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.addf %x, %y fastmath<fast> : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}"#;
    let m = parse_ok(src);
    let g = find(&m, "linalg.generic");
    let op = m.op(g);
    assert_eq!(op.form, OpForm::Custom);
    assert_eq!(op.operands.len(), 3);
    assert_eq!(ints(op.attr("operandSegmentSizes")), vec![2, 1]);
    let Some(Attr::Array(maps)) = op.attr("indexing_maps") else {
        panic!()
    };
    let Attr::AffineMap(m1) = &maps[1] else {
        panic!()
    };
    assert_eq!((m1.num_dims, m1.num_symbols), (2, 1));
    use AffineExpr::*;
    let expected = Bin(
        AffineOp::Add,
        Box::new(Bin(
            AffineOp::FloorDiv,
            Box::new(Dim(1)),
            Box::new(Const(2)),
        )),
        Box::new(Symbol(0)),
    );
    assert_eq!(m1.results[0], expected);
    assert_eq!(
        m1.to_string(),
        "(d0, d1)[s0] -> (d1 floordiv 2 + s0, d0 + -1)"
    );
    let Some(Attr::Array(its)) = op.attr("iterator_types") else {
        panic!()
    };
    assert_eq!(its[1].to_string(), "#linalg.iterator_type<reduction>");
    let region = m.region(op.regions[0]);
    let block = m.block(region.blocks[0]);
    assert_eq!(block.args.len(), 3);
    assert_eq!(m.value(block.args[2]).name, "acc");
    let add = m.op(block.ops[0]);
    assert_eq!(add.name, "arith.addf");
    assert_eq!(
        add.attr("fastmath").map(|a| a.to_string()).as_deref(),
        Some("#arith.fastmath<fast>")
    );
    // The add reads the block arguments.
    assert_eq!(add.operands, block.args[..2].to_vec());
    assert_eq!(m.op(block.ops[1]).name, "linalg.yield");
    assert_eq!(m.result_types(g), vec![&m.value(m.op(g).results[0]).ty]);
    assert_eq!(m.value(op.results[0]).ty.to_string(), "tensor<4x8xf32>");
    // `return` inside a function is `func.return`, returning the generic's result.
    let ret = find(&m, "func.return");
    assert_eq!(m.op(ret).operands, op.results);
}

#[test]
fn extract_slice_mixed_static_dynamic() {
    let src = r#"
func.func @f(%t: tensor<?x?xf32>, %i: index, %n: index) -> tensor<2x?xf32> {
  %s = tensor.extract_slice %t[%i, 0] [2, %n] [1, 1] : tensor<?x?xf32> to tensor<2x?xf32>
  return %s : tensor<2x?xf32>
}"#;
    let m = parse_ok(src);
    let s = m.op(find(&m, "tensor.extract_slice"));
    assert_eq!(ints(s.attr("static_offsets")), vec![DYNAMIC as i128, 0]);
    assert_eq!(ints(s.attr("static_sizes")), vec![2, DYNAMIC as i128]);
    assert_eq!(ints(s.attr("static_strides")), vec![1, 1]);
    assert_eq!(ints(s.attr("operandSegmentSizes")), vec![1, 1, 1, 0]);
    let names: Vec<&str> = s
        .operands
        .iter()
        .map(|&v| m.value(v).name.as_str())
        .collect();
    assert_eq!(names, ["t", "i", "n"]);
    let Type::Tensor { shape, .. } = &m.value(s.results[0]).ty else {
        panic!()
    };
    assert_eq!(shape, &vec![Dim::Static(2), Dim::Dynamic]);
}

#[test]
fn constants_dense_splat_nested_hex() {
    let src = r#"
func.func @f() {
  %a = arith.constant dense<1.5> : tensor<2x3xf32>
  %b = arith.constant dense<[[1, 2], [3, -4]]> : tensor<2x2xi32>
  %c = arith.constant dense<"0x0000803F"> : tensor<1xf32>
  %d = arith.constant 0x7F800000 : f32
  %e = arith.constant 0xFFFFFFFF : i32
  %f = arith.constant true
  %g = arith.constant dense<0x3C00> : tensor<2xf16>
  return
}"#;
    let m = parse_ok(src);
    let consts: Vec<&Operation> = m
        .walk()
        .into_iter()
        .map(|o| m.op(o))
        .filter(|o| o.name == "arith.constant")
        .collect();
    let value = |i: usize| consts[i].attr("value").expect("a value");
    let Attr::Dense { data, ty } = value(0) else {
        panic!()
    };
    assert!(data.is_splat());
    assert_eq!(data, &DenseData::Literal(DenseLit::Float(1.5)));
    assert_eq!(ty.to_string(), "tensor<2x3xf32>");
    let Attr::Dense {
        data: DenseData::Literal(DenseLit::List(rows)),
        ..
    } = value(1)
    else {
        panic!()
    };
    assert_eq!(
        rows[1],
        DenseLit::List(vec![DenseLit::Int(3), DenseLit::Int(-4)])
    );
    assert_eq!(
        value(2),
        &Attr::Dense {
            data: DenseData::Hex("0000803F".into()),
            ty: Type::Tensor {
                shape: vec![Dim::Static(1)],
                elem: Box::new(Type::Float(FloatKind::F32)),
                encoding: None
            }
        }
    );
    let Attr::Float {
        value: inf, bits, ..
    } = value(3)
    else {
        panic!()
    };
    assert!(inf.is_infinite() && *bits == Some(0x7F80_0000));
    assert_eq!(value(4).as_int(), Some(-1));
    assert_eq!(value(5), &Attr::Bool(true));
    assert_eq!(m.value(consts[5].results[0]).ty, Type::int(1));
    let Attr::Dense {
        data: DenseData::Literal(DenseLit::Float(one)),
        ..
    } = value(6)
    else {
        panic!()
    };
    assert_eq!(*one, 1.0);
}

#[test]
fn memref_strided_layout_and_memory_space() {
    let src = r#"
func.func @f(%m: memref<4x?xf32, strided<[?, 1], offset: ?>, 3>, %n: memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 + 16)>>) {
  return
}"#;
    let m = parse_ok(src);
    let f = m.op(m.functions()[0].1);
    let Some(Attr::Type(Type::Function { inputs, .. })) = f.attr("function_type") else {
        panic!()
    };
    let Type::MemRef {
        shape,
        layout,
        memory_space,
        ..
    } = &inputs[0]
    else {
        panic!()
    };
    assert_eq!(shape, &vec![Dim::Static(4), Dim::Dynamic]);
    assert_eq!(
        layout.as_deref(),
        Some(&Attr::Strided {
            strides: vec![None, Some(1)],
            offset: None
        })
    );
    assert_eq!(memory_space.as_deref().and_then(Attr::as_int), Some(3));
    assert_eq!(
        inputs[0].to_string(),
        "memref<4x?xf32, strided<[?, 1], offset: ?>, 3 : i64>"
    );
    let Type::MemRef {
        layout: Some(l), ..
    } = &inputs[1]
    else {
        panic!()
    };
    assert!(matches!(**l, Attr::AffineMap(_)));
}

#[test]
fn generic_form_with_results_regions_and_locations() {
    let src = r#"
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "f"}> ({
  ^bb0(%arg0: i32 loc("a.mlir":1:2)):
    %0:2 = "test.pair"(%arg0) {tag} : (i32) -> (i32, i32) loc(unknown)
    "func.return"(%0#0, %0#1) : (i32, i32) -> ()
  }) : () -> ()
}) {sym_name = "m"} : () -> ()
"#;
    let m = parse_ok(src);
    assert_eq!(m.name.as_deref(), Some("m"));
    let pair = m.op(find(&m, "test.pair"));
    assert_eq!(pair.form, OpForm::Generic);
    assert_eq!(pair.results.len(), 2);
    assert_eq!(m.value(pair.results[1]).name, "0#1");
    assert_eq!(pair.attr("tag"), Some(&Attr::Unit));
    let ret = m.op(find(&m, "func.return"));
    assert_eq!(ret.operands, pair.results);
}

#[test]
fn diagnostics_are_collected_with_spans() {
    let src = "func.func @f(%a: f32) -> f32 {\n  %0 = arith.addf %a : f32\n  %1 = arith.addf %a, %nope : f32\n  return %1 : f32\n}\n";
    let ds = parse(src).expect_err("must fail");
    let msgs: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
    assert!(msgs.contains(&"use of undefined value `%nope`"), "{msgs:?}");
    let d = ds
        .iter()
        .find(|d| d.message.starts_with("use of undefined"))
        .unwrap();
    assert_eq!(&src[d.span.start..d.span.end], "%nope");
    let rendered = report::render_diagnostic("t.mlir", src, d);
    assert!(
        rendered.starts_with("error: use of undefined value") && rendered.contains("t.mlir:3:23"),
        "{rendered}"
    );
}

/// An op whose custom form the parser does not know is kept opaque (name, results, span,
/// location), not a parse error: the semantics says "unsupported op" if it is reached.
#[test]
fn unknown_custom_ops_are_kept_opaque() {
    let src = "func.func @f(%a: f32) -> f32 {\n  %0 = foo.bar %a {k = [1, (2)]} : (f32) -> f32 loc(#l)\n  %1:2 = foo.baz %a, %0 : f32, f32\n  foo.effect\n  %2 = arith.addf %0, %1#1 : f32\n  return %2 : f32\n}\n#l = loc(\"x.mlir\":2:3)\n";
    let m = parse_ok(src);
    let bar = m.op(find(&m, "foo.bar"));
    assert_eq!(bar.form, OpForm::Opaque);
    assert_eq!(
        bar.operands.len(),
        0,
        "operands of an opaque op are not read"
    );
    assert_eq!(m.value(bar.results[0]).ty.to_string(), "f32");
    assert_eq!(bar.loc.as_deref(), Some("\"x.mlir\":2:3"));
    assert_eq!(
        m.op_location(find(&m, "foo.bar")),
        "2:3 (loc \"x.mlir\":2:3)"
    );
    let baz = m.op(find(&m, "foo.baz"));
    assert_eq!(baz.results.len(), 2);
    assert_eq!(m.value(baz.results[1]).ty.to_string(), "f32");
    let eff = m.op(find(&m, "foo.effect"));
    assert_eq!((eff.form, eff.results.len()), (OpForm::Opaque, 0));
    assert_eq!(&src[eff.span.start..eff.span.end], "foo.effect");
    // Malformed text is still an error, and so is an op name without a dialect (a typo).
    let bad = "func.func @f(%a: f32) -> f32 {\n  %0 = foo.bar (%a : f32\n  return %a : f32\n}\n";
    assert!(parse(bad).is_err());
    let typo = "func.func @f(%a: f32) -> f32 {\n  retrun %a : f32\n}\n";
    let d = parse(typo).unwrap_err();
    assert_eq!(d[0].message, "unknown op `retrun`");
    assert_eq!(&typo[d[0].span.start..d[0].span.end], "retrun");
}

#[test]
fn type_checks_and_result_counts() {
    let bad_type = "func.func @f(%a: f32) {\n  %0 = arith.addf %a, %a : f64\n  return\n}";
    let ds = parse(bad_type).unwrap_err();
    assert!(
        ds[0].message.contains("has type f32, but is used as f64"),
        "{ds:?}"
    );
    let bad_count = "func.func @f(%a: f32) {\n  %0, %1 = arith.addf %a, %a : f32\n  return\n}";
    let ds = parse(bad_count).unwrap_err();
    assert!(
        ds[0].message.contains("has 1 result(s), but 2 are named"),
        "{ds:?}"
    );
}

#[test]
fn aliases_types_and_unranked() {
    let src = r#"
!t = tensor<*xf32>
#sp = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
module attributes {foo.bar = 1 : i32} {
  func.func private @ext(!t, tensor<8xbf16, #sp>, vector<[4]x2xi8>, tuple<si8, ui16>, complex<f64>) -> !llvm.ptr
}"#;
    let m = parse_ok(src);
    assert_eq!(m.attributes[0].name, "foo.bar");
    let f = m.op(m.functions()[0].1);
    assert_eq!(
        f.attr("sym_visibility"),
        Some(&Attr::String("private".into()))
    );
    assert!(m.region(f.regions[0]).blocks.is_empty());
    let Some(Attr::Type(t)) = f.attr("function_type") else {
        panic!()
    };
    assert_eq!(
        t.to_string(),
        "(tensor<*xf32>, tensor<8xbf16, #sparse_tensor.encoding<{map=(d0)->(d0:compressed)}>>, \
         vector<[4]x2xi8>, tuple<si8, ui16>, complex<f64>) -> !llvm.ptr"
    );
}

#[test]
fn unknown_custom_op_with_region_is_skipped_whole() {
    let src = "func.func @f(%n: index) -> index {\n  %c0 = arith.constant 0 : index\n  %r = scf.while (%a = %c0) : (index) -> index {\n    %t = arith.cmpi slt, %a, %n : index\n    scf.condition(%t) %a : index\n  } do {\n  ^bb0(%b: index):\n    scf.yield %b : index\n  }\n  return %r : index\n}\n";
    // scf.while's custom form is parsed (two regions, the before region's arguments named in
    // the header); an op this parser does not know, with a region, is kept opaque.
    let m = parse_ok(src);
    let w = m.op(find(&m, "scf.while"));
    assert_eq!(w.regions.len(), 2);
    assert_ne!(w.form, OpForm::Opaque);
    assert_eq!(m.value(w.results[0]).ty.to_string(), "index");
    let unknown = src.replace("scf.while", "foo.while");
    let m = parse_ok(&unknown);
    let w = m.op(find(&m, "foo.while"));
    assert_eq!((w.form, w.regions.len()), (OpForm::Opaque, 0));
    assert_eq!(m.value(w.results[0]).ty.to_string(), "index");
    let ret = m.op(find(&m, "func.return"));
    assert_eq!(ret.operands, w.results);
    // The generic form of an scf.for parses, and so does its custom form.
    let generic = "func.func @f(%n: index) -> index {\n  %r = \"scf.for\"(%n, %n, %n, %n) ({\n  ^bb0(%i: index, %a: index):\n    \"scf.yield\"(%a) : (index) -> ()\n  }) : (index, index, index, index) -> index\n  return %r : index\n}\n";
    let m = parse_ok(generic);
    let f = m.op(find(&m, "scf.for"));
    assert_eq!((f.operands.len(), f.regions.len()), (4, 1));
    let custom = "func.func @f(%n: index) -> index {\n  %c0 = arith.constant 0 : index\n  %r = scf.for %i = %c0 to %n step %n iter_args(%a = %c0) -> (index) {\n    %b = arith.addi %a, %i : index\n    scf.yield %b : index\n  }\n  return %r : index\n}\n";
    let m = parse_ok(custom);
    let f = m.op(find(&m, "scf.for"));
    assert_eq!((f.operands.len(), f.regions.len()), (4, 1));
    let body = m.block(m.region(f.regions[0]).blocks[0]);
    assert_eq!(body.args.len(), 2);
}
