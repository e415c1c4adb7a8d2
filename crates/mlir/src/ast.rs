//! The parsed module: arenas of operations, regions, blocks and SSA values with typed ids.
//!
//! Custom op forms are parsed into the same generic representation MLIR's generic printer
//! shows (`"dialect.op"(operands) <{properties}> (regions) {attributes} : types`), so later
//! stages read an op the same way whichever form it was written in. One deliberate difference:
//! linalg named ops (`linalg.matmul`, `linalg.fill`, ...) written in custom form carry no region;
//! MLIR materialises their body implicitly, and their meaning is their name.

use crate::attrs::Attr;
use crate::types::Type;
use report::Span;

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub(crate) u32);

        impl $name {
            /// The position of this item in its arena.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// An operation in [`Module::op`].
    OpId
);
id_type!(
    /// A region in [`Module::region`].
    RegionId
);
id_type!(
    /// A block in [`Module::block`].
    BlockId
);
id_type!(
    /// An SSA value in [`Module::value`].
    ValueId
);

/// An attribute with its name, as in `{name = value}` or `<{name = value}>`.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedAttr {
    pub name: String,
    pub value: Attr,
    /// The whole `name = value` text (for custom-form inherent attributes, the text they came
    /// from).
    pub span: Span,
}

/// How an operation was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpForm {
    /// `"dialect.op"(...) ... : (types) -> types`.
    Generic,
    /// The op's own assembly format.
    Custom,
    /// A custom form this parser does not know: only the name, the result names (with their
    /// types when the text states them plainly), the span and the location are kept; operands,
    /// attributes and regions are not read. The semantics treats it as unsupported.
    Opaque,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    /// The full name with its dialect (`arith.addf`; `return` inside a function is
    /// `func.return`).
    pub name: String,
    pub name_span: Span,
    /// From the first result name (or the op name) to the end of the op.
    pub span: Span,
    pub form: OpForm,
    pub results: Vec<ValueId>,
    pub operands: Vec<ValueId>,
    /// Successor blocks (`[^bb1, ^bb2]` in the generic form).
    pub successors: Vec<BlockId>,
    /// Inherent attributes (`<{...}>` in the generic form; what the custom syntax encodes, under
    /// the names MLIR 19 uses: `predicate`, `static_offsets`, `operandSegmentSizes`, ...).
    pub properties: Vec<NamedAttr>,
    /// The discardable attribute dictionary (`{...}`).
    pub attributes: Vec<NamedAttr>,
    pub regions: Vec<RegionId>,
    /// The block holding this op (`None` only while parsing).
    pub parent: Option<BlockId>,
    /// The text inside a trailing `loc(...)` (`mlir-opt --mlir-print-debuginfo`), with a
    /// location alias (`#loc3`) replaced by its definition: `"file.mlir":4:8`, `fused[...]`, ...
    pub loc: Option<String>,
}

impl Operation {
    /// A property or attribute by name (properties first).
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.properties
            .iter()
            .chain(&self.attributes)
            .find(|a| a.name == name)
            .map(|a| &a.value)
    }

    /// The dialect prefix of the name (`arith` for `arith.addf`).
    pub fn dialect(&self) -> &str {
        self.name.split('.').next().unwrap_or("")
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub blocks: Vec<BlockId>,
    pub parent: OpId,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// `bb0` for `^bb0`; `None` for an entry block written without a label.
    pub label: Option<String>,
    pub args: Vec<ValueId>,
    pub ops: Vec<OpId>,
    pub parent: RegionId,
    pub span: Span,
}

/// Where an SSA value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    Result {
        op: OpId,
        index: usize,
    },
    BlockArg {
        block: BlockId,
        index: usize,
    },
    /// A use seen before its definition; never present in a module returned by
    /// [`crate::parse`].
    Forward,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// The name without `%`; results of a group `%r:2` are named `r#0` and `r#1`.
    pub name: String,
    pub ty: Type,
    pub def: ValueDef,
    /// Where the value is defined.
    pub span: Span,
}

/// A parsed MLIR file: the body of its (explicit or implicit) `builtin.module`.
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub(crate) ops: Vec<Operation>,
    pub(crate) regions: Vec<Region>,
    pub(crate) blocks: Vec<Block>,
    pub(crate) values: Vec<Value>,
    /// The top-level block: the module's body.
    pub body: Option<BlockId>,
    /// `module attributes {...}` (and any other attributes of an explicit module op).
    pub attributes: Vec<NamedAttr>,
    /// The module's symbol name (`module @name`), if any.
    pub name: Option<String>,
    /// Attribute aliases (`#map = affine_map<...>`), in definition order. Uses are already
    /// resolved in the AST; these are kept for printing.
    pub attr_aliases: Vec<(String, Attr)>,
    /// Type aliases (`!t = tensor<...>`), in definition order; uses are resolved.
    pub type_aliases: Vec<(String, Type)>,
    /// The file the module was read from, for [`Module::location`]; set by the caller (empty:
    /// locations are `LINE:COL`).
    pub file: String,
    /// Byte offsets at which the lines of the source start ([`Module::line_col`]).
    pub(crate) line_starts: Vec<usize>,
}

impl Module {
    /// 1-based line and column (in bytes) of byte offset `at` of the parsed text.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= at).max(1);
        let start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        (line, at.saturating_sub(start) + 1)
    }

    /// `FILE:LINE:COL` of byte offset `at` (`LINE:COL` when [`Module::file`] is empty).
    pub fn location(&self, at: usize) -> String {
        let (line, col) = self.line_col(at);
        if self.file.is_empty() {
            format!("{line}:{col}")
        } else {
            format!("{}:{line}:{col}", self.file)
        }
    }

    /// The name of op `o` and where it is: `arith.addi at FILE:LINE:COL`, followed by its
    /// debug location (`loc(...)`) when it has one.
    pub fn op_at(&self, o: OpId) -> String {
        let op = self.op(o);
        let at = self.location(op.name_span.start);
        match &op.loc {
            Some(loc) => format!("{} at {at} (loc {loc})", op.name),
            None => format!("{} at {at}", op.name),
        }
    }

    pub fn op(&self, id: OpId) -> &Operation {
        &self.ops[id.index()]
    }

    /// Where op `id` is: `FILE:LINE:COL` in the parsed text ([`Module::location`]), followed by
    /// its debug location (`loc(...)`) when it has one.
    pub fn op_location(&self, id: OpId) -> String {
        let op = self.op(id);
        let at = self.location(op.span.start);
        match &op.loc {
            Some(loc) => format!("{at} (loc {loc})"),
            None => at,
        }
    }

    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.index()]
    }

    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.index()]
    }

    pub fn value(&self, id: ValueId) -> &Value {
        &self.values[id.index()]
    }

    /// The ops of the module body, in order.
    pub fn top_ops(&self) -> &[OpId] {
        match self.body {
            Some(b) => &self.block(b).ops,
            None => &[],
        }
    }

    /// Every op of the module in pre-order (an op before the ops of its regions).
    pub fn walk(&self) -> Vec<OpId> {
        self.walk_from(self.top_ops().iter().rev().copied().collect())
    }

    /// The ops nested in the regions of `o`, in pre-order.
    pub fn walk_inside(&self, o: OpId) -> Vec<OpId> {
        let mut stack = vec![];
        for &r in self.op(o).regions.iter().rev() {
            for &b in self.region(r).blocks.iter().rev() {
                stack.extend(self.block(b).ops.iter().rev());
            }
        }
        self.walk_from(stack)
    }

    /// Pre-order from `stack` (its last op first).
    fn walk_from(&self, mut stack: Vec<OpId>) -> Vec<OpId> {
        let mut out = Vec::new();
        while let Some(op) = stack.pop() {
            out.push(op);
            for &r in self.op(op).regions.iter().rev() {
                for &b in self.region(r).blocks.iter().rev() {
                    stack.extend(self.block(b).ops.iter().rev());
                }
            }
        }
        out
    }

    /// The top-level `func.func` ops with their symbol names.
    pub fn functions(&self) -> Vec<(String, OpId)> {
        self.top_ops()
            .iter()
            .filter(|&&o| self.op(o).name == "func.func")
            .filter_map(|&o| match self.op(o).attr("sym_name") {
                Some(Attr::String(s)) => Some((s.clone(), o)),
                _ => None,
            })
            .collect()
    }

    /// The types of an op's operands, in order.
    pub fn operand_types(&self, op: OpId) -> Vec<&Type> {
        self.op(op)
            .operands
            .iter()
            .map(|&v| &self.value(v).ty)
            .collect()
    }

    /// The types of an op's results, in order.
    pub fn result_types(&self, op: OpId) -> Vec<&Type> {
        self.op(op)
            .results
            .iter()
            .map(|&v| &self.value(v).ty)
            .collect()
    }

    pub(crate) fn add_op(&mut self, op: Operation) -> OpId {
        self.ops.push(op);
        OpId(self.ops.len() as u32 - 1)
    }

    pub(crate) fn add_region(&mut self, r: Region) -> RegionId {
        self.regions.push(r);
        RegionId(self.regions.len() as u32 - 1)
    }

    pub(crate) fn add_block(&mut self, b: Block) -> BlockId {
        self.blocks.push(b);
        BlockId(self.blocks.len() as u32 - 1)
    }

    pub(crate) fn add_value(&mut self, v: Value) -> ValueId {
        self.values.push(v);
        ValueId(self.values.len() as u32 - 1)
    }

    pub(crate) fn op_mut(&mut self, id: OpId) -> &mut Operation {
        &mut self.ops[id.index()]
    }

    pub(crate) fn region_mut(&mut self, id: RegionId) -> &mut Region {
        &mut self.regions[id.index()]
    }

    pub(crate) fn block_mut(&mut self, id: BlockId) -> &mut Block {
        &mut self.blocks[id.index()]
    }

    pub(crate) fn value_mut(&mut self, id: ValueId) -> &mut Value {
        &mut self.values[id.index()]
    }
}
