// SPDX-License-Identifier: GPL-2.0
//
// lower.cpp - lower a Clang AST translation unit into the bdops IR, analyse
// it and report the findings.  Shared by the plugin and the tool.
//
// The AST form of docs/design.md: every local variable and parameter is a
// slot, every evaluation of an expression a new value; &&, || and ?: become
// branches whose value, if used, is a PHI.  Integer constant expressions
// (macros, enumerators, sizeof) are folded, NULL is 0.  The engine resolves
// slots, so the result means what GCC's SSA lowering means.
//
// Anything not modelled becomes UNKNOWN (or is skipped when it has no
// value): bdops must never break a build.
#include "bdops_clang.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace bdops_clang {
namespace {

// Deeper expressions or statement nests become UNKNOWN: the lowering is
// recursive and must not exhaust the compiler's stack.
const unsigned MaxDepth = 1500;

// ---- the unit: types, locations, declarations, ops tables ----

class UnitBuilder {
public:
  UnitBuilder(ASTContext &C, bd_unit *U) : Ctx(C), SM(C.getSourceManager()), U(U) {}

  ASTContext &Ctx;
  SourceManager &SM;
  bd_unit *U;

  const char *typeName(QualType T);
  const char *recordTag(const RecordDecl *RD);
  bd_loc loc(SourceLocation L);
  bd_decl *declare(const FunctionDecl *FD);
  void scanGlobal(const VarDecl *VD);
  static std::string calleeName(const FunctionDecl *FD);
  static bool isStatic(const FunctionDecl *FD);

  // Functions named in global initializers: roots of what is lowered.
  llvm::SmallVector<const FunctionDecl *, 32> Referenced;

private:
  llvm::DenseMap<const Type *, const char *> Types;
  llvm::DenseMap<const FunctionDecl *, bd_decl *> Decls;
  FileID LastFID;
  const char *LastFile = nullptr;

  std::string typeString(QualType T, int Depth);
  void walkInit(const VarDecl *VD, const Expr *E, QualType T);
  void referenceFunctions(const Expr *E);
};

const char *UnitBuilder::recordTag(const RecordDecl *RD) {
  if (!RD || !RD->getIdentifier())
    return "<anon>";
  return bd_intern(U, RD->getName().str().c_str());
}

std::string UnitBuilder::typeString(QualType T, int Depth) {
  if (T.isNull() || Depth > 16)
    return "other";
  T = T.getCanonicalType().getUnqualifiedType();
  const Type *Ty = T.getTypePtr();
  if (const auto *BT = dyn_cast<BuiltinType>(Ty)) {
    if (BT->isVoidType())
      return "void";
    if (BT->getKind() == BuiltinType::Bool)
      return "_Bool";
    if (BT->isInteger()) {
      PrintingPolicy PP(Ctx.getLangOpts());
      PP.Bool = 0;
      return BT->getName(PP).str();
    }
    return "other";
  }
  if (const auto *PT = dyn_cast<PointerType>(Ty)) {
    QualType P = PT->getPointeeType();
    if (P->isFunctionType())
      return "fnptr";
    std::string In = typeString(P, Depth + 1);
    return In + (In.back() == '*' ? "*" : " *");
  }
  if (const auto *RT = dyn_cast<RecordType>(Ty)) {
    const RecordDecl *RD = RT->getDecl();
    return std::string(RD->isUnion() ? "union " : "struct ") + recordTag(RD);
  }
  if (const auto *ET = dyn_cast<EnumType>(Ty)) {
    // An enum is an integer type: spell it as the integer it is.
    QualType I = ET->getDecl()->getIntegerType();
    return I.isNull() ? "int" : typeString(I, Depth + 1);
  }
  return "other";
}

const char *UnitBuilder::typeName(QualType T) {
  const Type *Key = T.isNull() ? nullptr : T.getCanonicalType().getTypePtr();
  auto It = Types.find(Key);
  if (It != Types.end())
    return It->second;
  const char *S = bd_intern(U, typeString(T, 0).c_str());
  Types[Key] = S;
  return S;
}

// The location a user expects: for code that comes from a macro, the line
// where the macro is used; file names as #line / the command line give them.
bd_loc UnitBuilder::loc(SourceLocation L) {
  bd_loc R = {nullptr, 0, 0};
  if (L.isInvalid())
    return R;
  L = SM.getExpansionLoc(L);
  PresumedLoc P = SM.getPresumedLoc(L);
  if (P.isInvalid())
    return R;
  FileID FID = SM.getFileID(L);
  if (FID != LastFID || !LastFile) {
    LastFID = FID;
    LastFile = bd_intern(U, P.getFilename());
  } else if (strcmp(LastFile, P.getFilename())) {
    // #line inside the same file
    LastFile = bd_intern(U, P.getFilename());
  }
  R.file = LastFile;
  R.line = (int)P.getLine();
  R.col = (int)P.getColumn();
  return R;
}

std::string UnitBuilder::calleeName(const FunctionDecl *FD) {
  std::string N = FD->getDeclName().getAsString();
  // design.md rule 3: builtins are named without the prefix.
  if (N.compare(0, 10, "__builtin_") == 0 && N.size() > 10)
    N.erase(0, 10);
  return N;
}

bd_decl *UnitBuilder::declare(const FunctionDecl *FD) {
  // The definition, if the unit has one, carries the parameter names.
  if (const FunctionDecl *Def = FD->getDefinition())
    FD = Def;
  const FunctionDecl *Key = FD->getCanonicalDecl();
  auto It = Decls.find(Key);
  if (It != Decls.end())
    return It->second;
  std::string Name = calleeName(FD);
  llvm::SmallVector<const char *, 8> PT, PN;
  for (const ParmVarDecl *P : FD->parameters()) {
    PT.push_back(typeName(P->getType()));
    PN.push_back(P->getIdentifier() ? bd_intern(U, P->getName().str().c_str())
                                    : nullptr);
  }
  bd_decl *D = bd_declare(U, Name.c_str(), isStatic(FD),
                          typeName(FD->getReturnType()), (int)PT.size(),
                          PT.data(), PN.data(), loc(FD->getLocation()));
  Decls[Key] = D;
  return D;
}

bool UnitBuilder::isStatic(const FunctionDecl *FD) {
  return !FD->isExternallyVisible() || FD->getStorageClass() == SC_Static;
}

static const FunctionDecl *functionOf(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenCasts();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(DR->getDecl());
  return nullptr;
}

// Any function named anywhere inside a global initializer stays "used".
void UnitBuilder::referenceFunctions(const Expr *E) {
  if (!E)
    return;
  llvm::SmallVector<const Stmt *, 32> Work;
  Work.push_back(E);
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *FD = dyn_cast<FunctionDecl>(DR->getDecl())) {
        declare(FD);
        bd_reference(U, calleeName(FD).c_str());
        Referenced.push_back(FD);
      }
      continue;
    }
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
}

// Walk a static initializer: each member initialized with a function
// address is a binding; any other function address a reference.
void UnitBuilder::walkInit(const VarDecl *VD, const Expr *E, QualType T) {
  if (!E)
    return;
  const auto *IL = dyn_cast<InitListExpr>(E->IgnoreParens());
  if (!IL) {
    referenceFunctions(E);
    return;
  }
  if (IL->isSyntacticForm() && IL->getSemanticForm())
    IL = IL->getSemanticForm();
  T = T.getCanonicalType();
  const RecordType *RT = T->getAs<RecordType>();
  if (!RT || IL->getNumInits() == 0) {
    // arrays, scalars in braces, unions without a chosen member
    for (const Expr *Sub : IL->inits()) {
      QualType ET = T->isArrayType()
                        ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                        : (Sub ? Sub->getType() : QualType());
      walkInit(VD, Sub, ET);
    }
    return;
  }
  const RecordDecl *RD = RT->getDecl();
  auto One = [&](const FieldDecl *FD, const Expr *Sub) {
    if (!Sub || isa<ImplicitValueInitExpr>(Sub))
      return;
    if (const FunctionDecl *Fn = functionOf(Sub);
        Fn && !FD->getType()->isRecordType() && !FD->getType()->isArrayType()) {
      declare(Fn);
      Referenced.push_back(Fn);
      std::string VName = VD->getName().str();
      bd_bind(U, recordTag(FD->getParent()), VName.c_str(),
              FD->getName().str().c_str(), calleeName(Fn).c_str(),
              loc(Sub->IgnoreParenImpCasts()->getBeginLoc()), 1);
      return;
    }
    walkInit(VD, Sub, FD->getType());
  };
  if (RD->isUnion()) {
    if (const FieldDecl *FD = IL->getInitializedFieldInUnion())
      One(FD, IL->getInit(0));
    return;
  }
  unsigned I = 0;
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isUnnamedBitField())
      continue;
    if (I >= IL->getNumInits())
      break;
    One(FD, IL->getInit(I++));
  }
}

void UnitBuilder::scanGlobal(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init || !VD->hasGlobalStorage() || !VD->getIdentifier())
    return;
  walkInit(VD, Init, VD->getType());
}

// ---- one function body ----

struct LVal {
  enum Kind { None, Slot, Global, Field, Deref } K = None;
  int SlotNo = -1;
  const char *Name = nullptr;	// global or field name
  const char *Tag = nullptr;	// record declaring the field / pointee tag
  bd_val Base = 0;		// Field, Deref: the pointer; None: a value
  QualType T;			// type of the object
};

class FuncLowerer {
public:
  FuncLowerer(UnitBuilder &B) : B(B), Ctx(B.Ctx) {}
  void run(const FunctionDecl *FD);

private:
  UnitBuilder &B;
  ASTContext &Ctx;
  bd_func *F = nullptr;
  int Cur = -1;			// current block, -1: unreachable
  unsigned Depth = 0;
  llvm::DenseMap<const VarDecl *, int> Slots;
  llvm::DenseMap<const LabelDecl *, int> Labels;
  llvm::DenseMap<const OpaqueValueExpr *, bd_val> Opaques;
  llvm::DenseMap<const Expr *, bool> ConstShape;
  llvm::SmallVector<int, 8> Breaks, Continues;
  struct SwitchCtx {
    llvm::SmallVector<int64_t, 16> Cases;
    llvm::SmallVector<int, 16> Targets;
    int Default = -1;
  };
  llvm::SmallVector<SwitchCtx *, 4> Switches;
  llvm::SmallVector<std::pair<int, bd_val>, 2> IndirectGotos;
  llvm::SmallVector<const LabelDecl *, 4> AddrLabels;

  bd_loc loc(SourceLocation L) { return B.loc(L); }
  const char *ty(QualType T) { return B.typeName(T); }
  int blk() {
    if (Cur < 0)
      Cur = bd_block_new(F);
    return Cur;
  }
  int newBlock() { return bd_block_new(F); }
  void enter(int Bl) {
    if (Cur >= 0)
      bd_goto(F, Cur, Bl);
    Cur = Bl;
  }
  void jump(int To) {
    if (Cur >= 0)
      bd_goto(F, Cur, To);
    Cur = -1;
  }
  int slotFor(const VarDecl *VD);
  int labelBlock(const LabelDecl *LD);
  bd_val unknown(QualType T, SourceLocation L) {
    return bd_unknown(F, blk(), ty(T), loc(L));
  }

  // statements
  void stmt(const Stmt *S);
  void compound(const CompoundStmt *CS);
  void declStmt(const DeclStmt *DS);
  void initInto(const LVal &Dst, const Expr *Init, SourceLocation L);
  void ifStmt(const IfStmt *S);
  void whileStmt(const WhileStmt *S);
  void doStmt(const DoStmt *S);
  void forStmt(const ForStmt *S);
  void switchStmt(const SwitchStmt *S);
  void caseStmt(const CaseStmt *S);
  void asmStmt(const GCCAsmStmt *S);
  void cond(const Expr *E, int T, int Fl);

  // expressions
  bool foldable(const Expr *E);
  bool fold(const Expr *E, int64_t &V);
  bd_val rvalue(const Expr *E);
  bd_val rvalueInner(const Expr *E);
  LVal lvalue(const Expr *E);
  bd_val load(const LVal &LV, SourceLocation L);
  bd_val address(const LVal &LV, SourceLocation L, const char *PT = nullptr);
  void store(const LVal &LV, bd_val V, bool Compound, SourceLocation L);
  bd_val binary(const BinaryOperator *BO);
  bd_val unary(const UnaryOperator *UO);
  bd_val call(const CallExpr *CE);
  bd_val conditional(const AbstractConditionalOperator *CO);
  bd_val logical(const Expr *E);
  bd_val cast(const CastExpr *CE);
  bd_val stmtExpr(const StmtExpr *SE);
  bd_val children(const Expr *E);
};

int FuncLowerer::slotFor(const VarDecl *VD) {
  auto It = Slots.find(VD);
  if (It != Slots.end())
    return It->second;
  std::string N = VD->getName().str();
  int S = bd_slot_new(F, N.c_str(), ty(VD->getType()));
  Slots[VD] = S;
  return S;
}

int FuncLowerer::labelBlock(const LabelDecl *LD) {
  auto It = Labels.find(LD);
  if (It != Labels.end())
    return It->second;
  int Bl = newBlock();
  Labels[LD] = Bl;
  return Bl;
}

void FuncLowerer::run(const FunctionDecl *FD) {
  bd_decl *D = B.declare(FD);
  F = bd_func_begin(B.U, D, loc(FD->getLocation()));
  Cur = 0;
  unsigned I = 0;
  for (const ParmVarDecl *P : FD->parameters()) {
    bd_loc L = loc(P->getLocation());
    int S = slotFor(P);
    bd_val V = bd_param(F, 0, (int)I++, ty(P->getType()), L);
    bd_slot_store(F, 0, S, V, L);
  }
  const Stmt *Body = FD->getBody();
  stmt(Body);
  if (Cur >= 0)
    bd_return(F, Cur, 0, loc(Body ? Body->getEndLoc() : FD->getEndLoc()));

  // Computed gotos may reach every label whose address was taken.
  for (auto &IG : IndirectGotos) {
    if (AddrLabels.empty()) {
      bd_unreachable(F, IG.first);
      continue;
    }
    llvm::SmallVector<int64_t, 8> Cases;
    llvm::SmallVector<int, 8> Targets;
    for (size_t K = 1; K < AddrLabels.size(); K++) {
      Cases.push_back((int64_t)K);
      Targets.push_back(labelBlock(AddrLabels[K]));
    }
    bd_switch(F, IG.first, IG.second, (int)Cases.size(), Cases.data(),
              Targets.data(), labelBlock(AddrLabels[0]), bd_loc{nullptr, 0, 0});
  }
  bd_func_end(F);
}

// ---- statements ----

void FuncLowerer::stmt(const Stmt *S) {
  if (!S)
    return;
  if (Depth > MaxDepth)
    return;
  Depth++;
  if (const auto *E = dyn_cast<Expr>(S)) {
    rvalue(E);
  } else if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    compound(CS);
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    declStmt(DS);
  } else if (const auto *IS = dyn_cast<IfStmt>(S)) {
    ifStmt(IS);
  } else if (const auto *WS = dyn_cast<WhileStmt>(S)) {
    whileStmt(WS);
  } else if (const auto *DoS = dyn_cast<DoStmt>(S)) {
    doStmt(DoS);
  } else if (const auto *FS = dyn_cast<ForStmt>(S)) {
    forStmt(FS);
  } else if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
    switchStmt(SS);
  } else if (const auto *CaS = dyn_cast<CaseStmt>(S)) {
    caseStmt(CaS);
  } else if (const auto *DfS = dyn_cast<DefaultStmt>(S)) {
    int Bl = newBlock();
    enter(Bl);
    if (!Switches.empty())
      Switches.back()->Default = Bl;
    stmt(DfS->getSubStmt());
  } else if (isa<BreakStmt>(S)) {
    if (!Breaks.empty())
      jump(Breaks.back());
  } else if (isa<ContinueStmt>(S)) {
    if (!Continues.empty())
      jump(Continues.back());
  } else if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    bd_val V = RS->getRetValue() ? rvalue(RS->getRetValue()) : 0;
    bd_return(F, blk(), V, loc(RS->getReturnLoc()));
    Cur = -1;
  } else if (const auto *LS = dyn_cast<LabelStmt>(S)) {
    enter(labelBlock(LS->getDecl()));
    stmt(LS->getSubStmt());
  } else if (const auto *GS = dyn_cast<GotoStmt>(S)) {
    jump(labelBlock(GS->getLabel()));
  } else if (const auto *IG = dyn_cast<IndirectGotoStmt>(S)) {
    bd_val V = rvalue(IG->getTarget());
    IndirectGotos.push_back({blk(), V});
    Cur = -1;
  } else if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
    stmt(AS->getSubStmt());
  } else if (const auto *GA = dyn_cast<GCCAsmStmt>(S)) {
    asmStmt(GA);
  }
  // NullStmt, MS asm, anything else: nothing to model.
  Depth--;
}

void FuncLowerer::compound(const CompoundStmt *CS) {
  for (const Stmt *S : CS->body())
    stmt(S);
}

void FuncLowerer::declStmt(const DeclStmt *DS) {
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      continue;
    if (!VD->hasLocalStorage()) {
      // static or extern local: a global, maybe an ops table
      B.scanGlobal(VD);
      continue;
    }
    int S = slotFor(VD);
    if (const Expr *Init = VD->getInit()) {
      LVal Dst;
      Dst.K = LVal::Slot;
      Dst.SlotNo = S;
      Dst.T = VD->getType();
      initInto(Dst, Init, VD->getLocation());
    }
  }
}

// Initialize the object Dst: a brace list becomes one store per member
// written (what gimplification does), anything else one store.
void FuncLowerer::initInto(const LVal &Dst, const Expr *Init, SourceLocation L) {
  const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreParens());
  if (!IL) {
    if (isa<ImplicitValueInitExpr>(Init))
      return;
    if (Dst.T->isArrayType() && isa<StringLiteral>(Init->IgnoreParens()))
      return;
    bd_val V = rvalue(Init);
    store(Dst, V, false, Init->getExprLoc());
    return;
  }
  if (IL->isSyntacticForm() && IL->getSemanticForm())
    IL = IL->getSemanticForm();
  const RecordType *RT = Dst.T->getAs<RecordType>();
  if (!RT || IL->getNumInits() == 0 ||
      (IL->getNumInits() == 1 && !Dst.T->isRecordType())) {
    // arrays and braced scalars: evaluate for their effects and
    // function references; a braced scalar is stored.
    if (!Dst.T->isArrayType() && !RT && IL->getNumInits() == 1) {
      bd_val V = rvalue(IL->getInit(0));
      store(Dst, V, false, IL->getInit(0)->getExprLoc());
      return;
    }
    for (const Expr *Sub : IL->inits())
      if (Sub && !isa<ImplicitValueInitExpr>(Sub)) {
        if (isa<InitListExpr>(Sub->IgnoreParens())) {
          // element objects are not modelled: evaluate only
          const auto *SIL = llvm::cast<InitListExpr>(Sub->IgnoreParens());
          for (const Expr *E : SIL->inits())
            if (E && !isa<ImplicitValueInitExpr>(E) && !isa<InitListExpr>(E))
              rvalue(E);
        } else {
          rvalue(Sub);
        }
      }
    return;
  }
  const RecordDecl *RD = RT->getDecl();
  bd_val Base = 0;
  auto One = [&](const FieldDecl *FD, const Expr *Sub) {
    if (!Sub || isa<ImplicitValueInitExpr>(Sub))
      return;
    if (!Base)
      Base = address(Dst, L);
    LVal FL;
    FL.K = LVal::Field;
    FL.Base = Base;
    FL.Tag = B.recordTag(FD->getParent());
    FL.Name = bd_intern(B.U, FD->getName().str().c_str());
    FL.T = FD->getType();
    if (FD->isAnonymousStructOrUnion()) {
      // members of an anonymous struct/union live at the outer object
      FL.K = LVal::Deref;
      FL.Tag = B.recordTag(FD->getType()->getAsRecordDecl());
    }
    initInto(FL, Sub, Sub->getExprLoc());
  };
  if (RD->isUnion()) {
    if (const FieldDecl *FD = IL->getInitializedFieldInUnion())
      One(FD, IL->getInit(0));
    return;
  }
  unsigned I = 0;
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isUnnamedBitField())
      continue;
    if (I >= IL->getNumInits())
      break;
    One(FD, IL->getInit(I++));
  }
}

void FuncLowerer::ifStmt(const IfStmt *S) {
  if (S->getInit())
    stmt(S->getInit());
  if (S->getConditionVariableDeclStmt())
    stmt(S->getConditionVariableDeclStmt());
  int T = newBlock(), E = S->getElse() ? newBlock() : -1, J = newBlock();
  cond(S->getCond(), T, E >= 0 ? E : J);
  Cur = T;
  stmt(S->getThen());
  jump(J);
  if (E >= 0) {
    Cur = E;
    stmt(S->getElse());
    jump(J);
  }
  Cur = J;
}

void FuncLowerer::whileStmt(const WhileStmt *S) {
  int C = newBlock(), Body = newBlock(), Exit = newBlock();
  enter(C);
  if (S->getConditionVariableDeclStmt())
    stmt(S->getConditionVariableDeclStmt());
  cond(S->getCond(), Body, Exit);
  Cur = Body;
  Breaks.push_back(Exit);
  Continues.push_back(C);
  stmt(S->getBody());
  Breaks.pop_back();
  Continues.pop_back();
  jump(C);
  Cur = Exit;
}

void FuncLowerer::doStmt(const DoStmt *S) {
  int Body = newBlock(), C = newBlock(), Exit = newBlock();
  enter(Body);
  Breaks.push_back(Exit);
  Continues.push_back(C);
  stmt(S->getBody());
  Breaks.pop_back();
  Continues.pop_back();
  enter(C);
  cond(S->getCond(), Body, Exit);
  Cur = Exit;
}

void FuncLowerer::forStmt(const ForStmt *S) {
  stmt(S->getInit());
  int C = newBlock(), Body = newBlock(), Inc = newBlock(), Exit = newBlock();
  enter(C);
  if (S->getConditionVariableDeclStmt())
    stmt(S->getConditionVariableDeclStmt());
  if (S->getCond())
    cond(S->getCond(), Body, Exit);
  else
    jump(Body);
  Cur = Body;
  Breaks.push_back(Exit);
  Continues.push_back(Inc);
  stmt(S->getBody());
  Breaks.pop_back();
  Continues.pop_back();
  enter(Inc);
  if (S->getInc())
    rvalue(S->getInc());
  jump(C);
  Cur = Exit;
}

void FuncLowerer::switchStmt(const SwitchStmt *S) {
  if (S->getInit())
    stmt(S->getInit());
  if (S->getConditionVariableDeclStmt())
    stmt(S->getConditionVariableDeclStmt());
  bd_val V = rvalue(S->getCond());
  int Dispatch = blk();
  Cur = -1;
  int Exit = newBlock();
  SwitchCtx SC;
  Switches.push_back(&SC);
  Breaks.push_back(Exit);
  stmt(S->getBody());
  Breaks.pop_back();
  Switches.pop_back();
  jump(Exit);
  bd_switch(F, Dispatch, V, (int)SC.Cases.size(), SC.Cases.data(),
            SC.Targets.data(), SC.Default >= 0 ? SC.Default : Exit,
            loc(S->getSwitchLoc()));
  Cur = Exit;
}

void FuncLowerer::caseStmt(const CaseStmt *S) {
  int Bl = newBlock();
  enter(Bl);
  if (!Switches.empty()) {
    SwitchCtx *SC = Switches.back();
    int64_t Lo = 0, Hi = 0;
    if (fold(S->getLHS(), Lo)) {
      Hi = Lo;
      if (S->caseStmtIsGNURange() && !fold(S->getRHS(), Hi))
        Hi = Lo;
      // GNU case ranges: list the values of a small range; a huge one
      // keeps its bounds only.
      if (Hi - Lo > 256) {
        SC->Cases.push_back(Lo);
        SC->Targets.push_back(Bl);
        Lo = Hi;
      }
      for (int64_t K = Lo; K <= Hi; K++) {
        SC->Cases.push_back(K);
        SC->Targets.push_back(Bl);
      }
    }
  }
  stmt(S->getSubStmt());
}

void FuncLowerer::asmStmt(const GCCAsmStmt *S) {
  for (const Expr *In : S->inputs())
    rvalue(In);
  for (const Expr *Out : S->outputs()) {
    LVal LV = lvalue(Out);
    store(LV, unknown(Out->getType(), S->getAsmLoc()), false, S->getAsmLoc());
  }
  if (!S->isAsmGoto())
    return;
  // asm goto: falls through or jumps to one of its labels
  bd_val V = unknown(Ctx.IntTy, S->getAsmLoc());
  int From = blk(), Next = newBlock();
  llvm::SmallVector<int64_t, 4> Cases;
  llvm::SmallVector<int, 4> Targets;
  for (unsigned K = 0; K < S->getNumLabels(); K++) {
    Cases.push_back(K + 1);
    Targets.push_back(labelBlock(S->getLabelExpr(K)->getLabel()));
  }
  bd_switch(F, From, V, (int)Cases.size(), Cases.data(), Targets.data(), Next,
            loc(S->getAsmLoc()));
  Cur = Next;
}

// Branch to T when E is true, else to Fl; && || ! become control flow.
void FuncLowerer::cond(const Expr *E, int T, int Fl) {
  E = E->IgnoreParens();
  if (Depth < MaxDepth) {
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
        Depth++;
        int Mid = newBlock();
        if (BO->getOpcode() == BO_LAnd)
          cond(BO->getLHS(), Mid, Fl);
        else
          cond(BO->getLHS(), T, Mid);
        Cur = Mid;
        cond(BO->getRHS(), T, Fl);
        Depth--;
        return;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_LNot) {
        Depth++;
        cond(UO->getSubExpr(), Fl, T);
        Depth--;
        return;
      }
    }
  }
  bd_val V = rvalue(E);
  if (!V)
    V = unknown(E->getType(), E->getExprLoc());
  bd_branch(F, blk(), V, T, Fl, loc(E->getExprLoc()));
  Cur = -1;
}

// ---- expressions ----

// Only trees built from constants can be integer constant expressions:
// asking Clang to evaluate anything else at every node would make the
// lowering quadratic.
bool FuncLowerer::foldable(const Expr *E) {
  auto It = ConstShape.find(E);
  if (It != ConstShape.end())
    return It->second;
  bool R = false;
  const Expr *P = E->IgnoreParens();
  if (isa<IntegerLiteral>(P) || isa<CharacterLiteral>(P) ||
      isa<OffsetOfExpr>(P) || isa<TypeTraitExpr>(P) ||
      isa<SourceLocExpr>(P)) {
    R = true;
  } else if (const auto *DR = dyn_cast<DeclRefExpr>(P)) {
    R = isa<EnumConstantDecl>(DR->getDecl());
  } else if (const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(P)) {
    R = !UE->getTypeOfArgument()->isVariableArrayType();
  } else if (const auto *CE = dyn_cast<CastExpr>(P)) {
    R = CE->getCastKind() != CK_LValueToRValue && foldable(CE->getSubExpr());
  } else if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
    UnaryOperatorKind K = UO->getOpcode();
    R = (K == UO_Plus || K == UO_Minus || K == UO_Not || K == UO_LNot ||
         K == UO_Extension) && foldable(UO->getSubExpr());
  } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
    R = !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
        foldable(BO->getLHS()) && foldable(BO->getRHS());
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
    R = foldable(CO->getCond()) && foldable(CO->getTrueExpr()) &&
        foldable(CO->getFalseExpr());
  } else if (const auto *Ch = dyn_cast<ChooseExpr>(P)) {
    R = foldable(Ch->getChosenSubExpr());
  } else if (const auto *GS = dyn_cast<GenericSelectionExpr>(P)) {
    R = !GS->isResultDependent() && foldable(GS->getResultExpr());
  } else if (const auto *CE = dyn_cast<ConstantExpr>(P)) {
    R = foldable(CE->getSubExpr());
  } else if (const auto *Call = dyn_cast<CallExpr>(P)) {
    R = Call->getBuiltinCallee() == Builtin::BI__builtin_constant_p;
  }
  ConstShape[E] = R;
  return R;
}

bool FuncLowerer::fold(const Expr *E, int64_t &V) {
  if (!E || E->isValueDependent() || E->containsErrors() || !foldable(E))
    return false;
  QualType T = E->getType();
  if (T->isPointerType() || T->isNullPtrType()) {
    if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull)) {
      V = 0;
      return true;
    }
    return false;
  }
  if (!T->isIntegralOrEnumerationType())
    return false;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects) || !R.Val.isInt())
    return false;
  llvm::APSInt I = R.Val.getInt();
  V = I.isSigned() ? I.extOrTrunc(64).getSExtValue()
                   : (int64_t)I.extOrTrunc(64).getZExtValue();
  return true;
}

bd_val FuncLowerer::rvalue(const Expr *E) {
  if (!E)
    return 0;
  if (Depth > MaxDepth)
    return unknown(E->getType(), E->getExprLoc());
  int64_t K;
  if (fold(E, K))
    return bd_const(F, blk(), K, loc(E->getExprLoc()));
  Depth++;
  bd_val V = rvalueInner(E);
  Depth--;
  return V;
}

bd_val FuncLowerer::rvalueInner(const Expr *E) {
  SourceLocation L = E->getExprLoc();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DR->getDecl())) {
      B.declare(FD);
      return bd_func_addr(F, blk(), UnitBuilder::calleeName(FD).c_str(),
                          "fnptr", loc(L));
    }
    if (!isa<VarDecl>(DR->getDecl()))
      return unknown(E->getType(), L);
  }
  if (E->isGLValue() && !isa<ParenExpr>(E) && !isa<BinaryOperator>(E) &&
      !isa<UnaryOperator>(E) && !isa<CallExpr>(E) && !isa<StmtExpr>(E) &&
      !isa<OpaqueValueExpr>(E)) {
    // an object used as a value without an lvalue conversion: arrays and
    // functions decay elsewhere; read it
    return load(lvalue(E), L);
  }
  if (const auto *PE = dyn_cast<ParenExpr>(E))
    return rvalue(PE->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return binary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return unary(UO);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return call(CE);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return conditional(CO);
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return cast(CE);
  if (const auto *SE = dyn_cast<StmtExpr>(E))
    return stmtExpr(SE);
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(E)) {
    auto It = Opaques.find(OV);
    if (It != Opaques.end())
      return It->second;
    return OV->getSourceExpr() ? rvalue(OV->getSourceExpr())
                               : unknown(E->getType(), L);
  }
  if (isa<DeclRefExpr>(E))
    return unknown(E->getType(), L);
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return rvalue(CE->getSubExpr());
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return rvalue(FE->getSubExpr());
  if (const auto *Ch = dyn_cast<ChooseExpr>(E))
    return rvalue(Ch->getChosenSubExpr());
  if (const auto *GS = dyn_cast<GenericSelectionExpr>(E)) {
    if (!GS->isResultDependent())
      return rvalue(GS->getResultExpr());
    return unknown(E->getType(), L);
  }
  if (isa<ImplicitValueInitExpr>(E))
    return bd_const(F, blk(), 0, loc(L));
  if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<PredefinedExpr>(E) ||
      isa<FloatingLiteral>(E) || isa<StringLiteral>(E) ||
      isa<AddrLabelExpr>(E)) {
    if (const auto *AL = dyn_cast<AddrLabelExpr>(E)) {
      labelBlock(AL->getLabel());
      if (!llvm::is_contained(AddrLabels, AL->getLabel()))
        AddrLabels.push_back(AL->getLabel());
    }
    return unknown(E->getType(), L);
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Sub : IL->inits())
      if (Sub && !isa<ImplicitValueInitExpr>(Sub))
        rvalue(Sub);
    return unknown(E->getType(), L);
  }
  return children(E);
}

// Something not modelled: evaluate what it evaluates, the value is unknown.
bd_val FuncLowerer::children(const Expr *E) {
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      rvalue(CE);
  if (E->getType()->isVoidType())
    return 0;
  return unknown(E->getType(), E->getExprLoc());
}

bd_val FuncLowerer::cast(const CastExpr *CE) {
  const Expr *Sub = CE->getSubExpr();
  SourceLocation L = CE->getExprLoc();
  switch (CE->getCastKind()) {
  case CK_LValueToRValue:
    return load(lvalue(Sub), Sub->getExprLoc());
  case CK_ArrayToPointerDecay:
    return address(lvalue(Sub), L, ty(CE->getType()));
  case CK_FunctionToPointerDecay:
  case CK_BuiltinFnToFnPtr:
    if (const FunctionDecl *FD = functionOf(Sub)) {
      B.declare(FD);
      return bd_func_addr(F, blk(), UnitBuilder::calleeName(FD).c_str(),
                          "fnptr", loc(Sub->getExprLoc()));
    }
    return rvalue(Sub);
  case CK_ToVoid:
    rvalue(Sub);
    return 0;
  case CK_NullToPointer:
    if (!Sub->HasSideEffects(Ctx))
      return bd_const(F, blk(), 0, loc(L));
    break;
  default:
    break;
  }
  bd_val V = rvalue(Sub);
  if (!V)
    return CE->getType()->isVoidType() ? 0 : unknown(CE->getType(), L);
  const char *T = ty(CE->getType());
  // An implicit conversion that keeps the canonical type is nothing; a
  // written cast or a real conversion is a COPY.
  if (isa<ImplicitCastExpr>(CE) && T == ty(Sub->getType()))
    return V;
  return bd_copy(F, blk(), V, T, loc(L));
}

static bool isAggregate(QualType T) {
  return T->isRecordType() || T->isArrayType();
}

LVal FuncLowerer::lvalue(const Expr *E) {
  LVal LV;
  LV.T = E->getType();
  const Expr *P = E->IgnoreParens();
  if (Depth > MaxDepth) {
    LV.Base = unknown(E->getType(), E->getExprLoc());
    return LV;
  }
  Depth++;
  if (const auto *DR = dyn_cast<DeclRefExpr>(P)) {
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
      if (VD->hasLocalStorage()) {
        LV.K = LVal::Slot;
        LV.SlotNo = slotFor(VD);
      } else {
        LV.K = LVal::Global;
        LV.Name = bd_intern(B.U, VD->getName().str().c_str());
        // a static (file scope or in a function) is this unit's own
        if (!VD->isExternallyVisible())
          bd_unit_static_global(B.U, LV.Name);
      }
    } else {
      LV.Base = rvalueInner(P);
    }
  } else if (const auto *ME = dyn_cast<MemberExpr>(P)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    bd_val Base = ME->isArrow() ? rvalue(ME->getBase())
                                : address(lvalue(ME->getBase()),
                                          ME->getBase()->getExprLoc());
    if (!FD) {
      LV.Base = unknown(E->getType(), E->getExprLoc());
    } else if (FD->isAnonymousStructOrUnion()) {
      // The members of an anonymous struct/union are the outer object's:
      // s->x stays FIELD s <anon>.x, without an unnamed step in between.
      LV.K = LVal::Deref;
      LV.Base = Base;
      LV.Tag = B.recordTag(FD->getType()->getAsRecordDecl());
    } else {
      LV.K = LVal::Field;
      LV.Base = Base;
      LV.Tag = B.recordTag(FD->getParent());
      LV.Name = bd_intern(B.U, FD->getName().str().c_str());
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(P);
             UO && UO->getOpcode() == UO_Deref) {
    LV.K = LVal::Deref;
    LV.Base = rvalue(UO->getSubExpr());
    if (const RecordDecl *RD = E->getType()->getAsRecordDecl())
      LV.Tag = B.recordTag(RD);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(P);
             UO && (UO->getOpcode() == UO_Real || UO->getOpcode() == UO_Imag ||
                    UO->getOpcode() == UO_Extension)) {
    LV = lvalue(UO->getSubExpr());
    LV.T = E->getType();
  } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P)) {
    // a[i]: the address a, the index dropped (design.md rule 4)
    bd_val Ptr = rvalue(AS->getBase());
    if (AS->getIdx()->HasSideEffects(Ctx))
      rvalue(AS->getIdx());
    LV.K = LVal::Deref;
    LV.Base = bd_copy(F, blk(), Ptr, ty(AS->getBase()->getType()),
                      loc(AS->getExprLoc()));
    if (const RecordDecl *RD = E->getType()->getAsRecordDecl())
      LV.Tag = B.recordTag(RD);
  } else if (const auto *CL = dyn_cast<CompoundLiteralExpr>(P)) {
    LV.K = LVal::Slot;
    LV.SlotNo = bd_slot_new(F, "<compound literal>", ty(E->getType()));
    if (CL->getInitializer())
      initInto(LV, CL->getInitializer(), CL->getBeginLoc());
  } else if (const auto *OV = dyn_cast<OpaqueValueExpr>(P)) {
    auto It = Opaques.find(OV);
    if (It != Opaques.end())
      LV.Base = It->second;
    else if (OV->getSourceExpr())
      LV = lvalue(OV->getSourceExpr());
    else
      LV.Base = unknown(E->getType(), E->getExprLoc());
  } else if (const auto *BO = dyn_cast<BinaryOperator>(P);
             BO && BO->getOpcode() == BO_Comma) {
    rvalue(BO->getLHS());
    LV = lvalue(BO->getRHS());
  } else if (const auto *CE = dyn_cast<ConstantExpr>(P)) {
    LV = lvalue(CE->getSubExpr());
  } else if (const auto *GS = dyn_cast<GenericSelectionExpr>(P);
             GS && !GS->isResultDependent()) {
    LV = lvalue(GS->getResultExpr());
  } else if (const auto *Ch = dyn_cast<ChooseExpr>(P)) {
    LV = lvalue(Ch->getChosenSubExpr());
  } else if (const auto *CE = dyn_cast<CastExpr>(P);
             CE && CE->getCastKind() == CK_NoOp) {
    LV = lvalue(CE->getSubExpr());
    LV.T = E->getType();
  } else if (P->isGLValue()) {
    // an lvalue we do not model (string literal, __func__, ...)
    for (const Stmt *C : P->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        rvalue(CE);
    LV.Base = unknown(E->getType(), E->getExprLoc());
  } else {
    // an rvalue used as an object (f().x): its value
    LV.Base = rvalueInner(P);
  }
  Depth--;
  return LV;
}

bd_val FuncLowerer::load(const LVal &LV, SourceLocation L) {
  bd_loc Lc = loc(L);
  const char *T = ty(LV.T);
  switch (LV.K) {
  case LVal::Slot:
    if (LV.T->isArrayType())
      return address(LV, L);
    return bd_slot_load(F, blk(), LV.SlotNo, Lc);
  case LVal::Global:
    if (LV.T->isArrayType() || LV.T->isFunctionType())
      return address(LV, L);
    return bd_global_load(F, blk(), LV.Name, T, Lc);
  case LVal::Field:
    // an embedded record or array read as a whole is its address
    if (isAggregate(LV.T))
      return bd_field_addr(F, blk(), LV.Base, LV.Tag, LV.Name,
                           bd_type_ptr(B.U, T), Lc);
    return bd_field_load(F, blk(), LV.Base, LV.Tag, LV.Name, T, Lc);
  case LVal::Deref:
    if (LV.T->isArrayType())
      return LV.Base;
    return bd_deref_load(F, blk(), LV.Base, LV.Tag, T, Lc);
  case LVal::None:
    break;
  }
  return LV.Base ? LV.Base : unknown(LV.T, L);
}

bd_val FuncLowerer::address(const LVal &LV, SourceLocation L, const char *PT) {
  bd_loc Lc = loc(L);
  if (!PT)
    PT = bd_type_ptr(B.U, ty(LV.T));
  switch (LV.K) {
  case LVal::Slot:
    return bd_slot_addr(F, blk(), LV.SlotNo, PT, Lc);
  case LVal::Global:
    return bd_global_addr(F, blk(), LV.Name, PT, Lc);
  case LVal::Field:
    return bd_field_addr(F, blk(), LV.Base, LV.Tag, LV.Name, PT, Lc);
  case LVal::Deref:
    return LV.Base;
  case LVal::None:
    break;
  }
  return bd_unknown(F, blk(), PT, Lc);
}

void FuncLowerer::store(const LVal &LV, bd_val V, bool Compound, SourceLocation L) {
  bd_loc Lc = loc(L);
  if (!V)
    V = bd_unknown(F, blk(), ty(LV.T), Lc);
  switch (LV.K) {
  case LVal::Slot:
    bd_slot_store(F, blk(), LV.SlotNo, V, Lc);
    break;
  case LVal::Global:
    bd_global_store(F, blk(), LV.Name, V, Lc);
    break;
  case LVal::Field:
    bd_field_store(F, blk(), LV.Base, LV.Tag, LV.Name, V, Compound, Lc);
    break;
  case LVal::Deref:
    bd_deref_store(F, blk(), LV.Base, LV.Tag, V, Lc);
    break;
  case LVal::None:
    break;
  }
}

static bool binopOf(BinaryOperatorKind K, enum bd_binop &Op) {
  switch (K) {
  case BO_Mul: case BO_MulAssign: Op = BD_MUL; return true;
  case BO_Div: case BO_DivAssign: Op = BD_DIV; return true;
  case BO_Rem: case BO_RemAssign: Op = BD_MOD; return true;
  case BO_Add: case BO_AddAssign: Op = BD_ADD; return true;
  case BO_Sub: case BO_SubAssign: Op = BD_SUB; return true;
  case BO_Shl: case BO_ShlAssign: Op = BD_SHL; return true;
  case BO_Shr: case BO_ShrAssign: Op = BD_SHR; return true;
  case BO_And: case BO_AndAssign: Op = BD_AND; return true;
  case BO_Xor: case BO_XorAssign: Op = BD_XOR; return true;
  case BO_Or: case BO_OrAssign: Op = BD_OR; return true;
  case BO_LT: Op = BD_LT; return true;
  case BO_GT: Op = BD_GT; return true;
  case BO_LE: Op = BD_LE; return true;
  case BO_GE: Op = BD_GE; return true;
  case BO_EQ: Op = BD_EQ; return true;
  case BO_NE: Op = BD_NE; return true;
  default: return false;
  }
}

bd_val FuncLowerer::binary(const BinaryOperator *BO) {
  BinaryOperatorKind K = BO->getOpcode();
  SourceLocation L = BO->getOperatorLoc();
  enum bd_binop Op;
  if (K == BO_Comma) {
    rvalue(BO->getLHS());
    return rvalue(BO->getRHS());
  }
  if (K == BO_LAnd || K == BO_LOr)
    return logical(BO);
  if (K == BO_Assign) {
    bd_val V = rvalue(BO->getRHS());
    LVal LV = lvalue(BO->getLHS());
    store(LV, V, false, L);
    return V;
  }
  if (BO->isCompoundAssignmentOp() && binopOf(K, Op)) {
    LVal LV = lvalue(BO->getLHS());
    bd_val Old = load(LV, BO->getLHS()->getExprLoc());
    bd_val R = rvalue(BO->getRHS());
    bd_val New = bd_binop(F, blk(), Op, Old, R, ty(BO->getType()), loc(L));
    store(LV, New, true, L);
    return New;
  }
  if (binopOf(K, Op)) {
    bd_val A = rvalue(BO->getLHS());
    bd_val Bv = rvalue(BO->getRHS());
    if (!A)
      A = unknown(BO->getLHS()->getType(), L);
    if (!Bv)
      Bv = unknown(BO->getRHS()->getType(), L);
    return bd_binop(F, blk(), Op, A, Bv, ty(BO->getType()), loc(L));
  }
  return children(BO);
}

bd_val FuncLowerer::unary(const UnaryOperator *UO) {
  SourceLocation L = UO->getOperatorLoc();
  const Expr *Sub = UO->getSubExpr();
  switch (UO->getOpcode()) {
  case UO_Deref:
    return load(lvalue(UO), L);
  case UO_AddrOf:
    if (const FunctionDecl *FD = functionOf(Sub)) {
      B.declare(FD);
      return bd_func_addr(F, blk(), UnitBuilder::calleeName(FD).c_str(),
                          "fnptr", loc(Sub->getExprLoc()));
    }
    return address(lvalue(Sub), L);
  case UO_Plus:
  case UO_Extension:
    return rvalue(Sub);
  case UO_Minus:
  case UO_Not:
  case UO_LNot: {
    bd_val V = rvalue(Sub);
    if (!V)
      V = unknown(Sub->getType(), L);
    enum bd_unop Op = UO->getOpcode() == UO_Minus ? BD_NEG
                      : UO->getOpcode() == UO_Not ? BD_BITNOT : BD_NOT;
    return bd_unop(F, blk(), Op, V, ty(UO->getType()), loc(L));
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LVal LV = lvalue(Sub);
    bd_val Old = load(LV, L);
    bd_val One = bd_const(F, blk(), 1, loc(L));
    bool Inc = UO->isIncrementOp();
    bd_val New = bd_binop(F, blk(), Inc ? BD_ADD : BD_SUB, Old, One,
                          ty(UO->getType()), loc(L));
    store(LV, New, true, L);
    return UO->isPrefix() ? New : Old;
  }
  case UO_Real:
  case UO_Imag:
    return load(lvalue(UO), L);
  default:
    return children(UO);
  }
}

bd_val FuncLowerer::call(const CallExpr *CE) {
  const Expr *Callee = CE->getCallee();
  SourceLocation L = Callee ? Callee->getExprLoc() : CE->getExprLoc();
  const FunctionDecl *FD = CE->getDirectCallee();
  bd_val Ptr = 0;
  std::string Name;
  // __builtin_expect(x, c) (likely(), unlikely()) is x, as GCC's lowering
  // sees it: a mode passed through it was unknown here and its finding lost
  // (issue 29).
  if (FD && CE->getNumArgs() >= 1 &&
      (FD->getBuiltinID() == Builtin::BI__builtin_expect ||
       FD->getBuiltinID() == Builtin::BI__builtin_expect_with_probability)) {
    bd_val V = rvalue(CE->getArg(0));
    for (unsigned I = 1; I < CE->getNumArgs(); ++I)
      rvalue(CE->getArg(I));
    return V ? V : unknown(CE->getType(), CE->getExprLoc());
  }
  if (FD) {
    B.declare(FD);
    Name = UnitBuilder::calleeName(FD);
  } else if (Callee) {
    Ptr = rvalue(Callee);
    if (!Ptr)
      Ptr = unknown(Callee->getType(), L);
  }
  llvm::SmallVector<bd_val, 8> Args;
  for (const Expr *A : CE->arguments()) {
    bd_val V = rvalue(A);
    if (!V)
      V = unknown(A->getType(), A->getExprLoc());
    Args.push_back(V);
  }
  QualType RT = CE->getType();
  bool Want = !RT->isVoidType();
  return bd_call(F, blk(), FD ? Name.c_str() : nullptr, Ptr, (int)Args.size(),
                 Args.data(), ty(RT), Want, loc(L));
}

// x ? a : b and x ?: b: branches, the value a PHI at the join.
bd_val FuncLowerer::conditional(const AbstractConditionalOperator *CO) {
  SourceLocation L = CO->getExprLoc();
  int T = newBlock(), E = newBlock(), J = newBlock();
  bd_val VT = 0, VE = 0;
  int FromT = -1, FromE = -1;
  if (const auto *BC = dyn_cast<BinaryConditionalOperator>(CO)) {
    bd_val C = rvalue(BC->getCommon());
    if (!C)
      C = unknown(BC->getCommon()->getType(), L);
    Opaques[BC->getOpaqueValue()] = C;
    bd_branch(F, blk(), C, T, E, loc(L));
    Cur = T;
    VT = rvalue(BC->getTrueExpr());
  } else {
    cond(CO->getCond(), T, E);
    Cur = T;
    VT = rvalue(CO->getTrueExpr());
  }
  FromT = Cur;
  jump(J);
  Cur = E;
  VE = rvalue(CO->getFalseExpr());
  FromE = Cur;
  jump(J);
  Cur = J;
  if (CO->getType()->isVoidType())
    return 0;
  bd_val Vals[2];
  int Preds[2], N = 0;
  if (FromT >= 0) {
    Vals[N] = VT ? VT : bd_unknown(F, FromT, ty(CO->getType()), loc(L));
    Preds[N++] = FromT;
  }
  if (FromE >= 0) {
    Vals[N] = VE ? VE : bd_unknown(F, FromE, ty(CO->getType()), loc(L));
    Preds[N++] = FromE;
  }
  if (N == 0)
    return unknown(CO->getType(), L);
  return bd_phi(F, J, N, Vals, Preds, ty(CO->getType()), loc(L));
}

// a && b, a || b used as a value: 1 or 0 from two blocks, merged.
bd_val FuncLowerer::logical(const Expr *E) {
  SourceLocation L = E->getExprLoc();
  int T = newBlock(), Fl = newBlock(), J = newBlock();
  cond(E, T, Fl);
  bd_val One = bd_const(F, T, 1, loc(L));
  bd_goto(F, T, J);
  bd_val Zero = bd_const(F, Fl, 0, loc(L));
  bd_goto(F, Fl, J);
  Cur = J;
  bd_val Vals[2] = {One, Zero};
  int Preds[2] = {T, Fl};
  return bd_phi(F, J, 2, Vals, Preds, ty(E->getType()), loc(L));
}

// ({ ...; x; }): the value of the last expression statement.
bd_val FuncLowerer::stmtExpr(const StmtExpr *SE) {
  const CompoundStmt *CS = SE->getSubStmt();
  if (!CS || CS->body_empty())
    return 0;
  const Stmt *Last = CS->body_back();
  for (const Stmt *S : CS->body())
    if (S != Last)
      stmt(S);
  // the value may sit under labels
  while (const auto *LS = dyn_cast<LabelStmt>(Last)) {
    enter(labelBlock(LS->getDecl()));
    Last = LS->getSubStmt();
  }
  if (const auto *E = dyn_cast<Expr>(Last)) {
    if (SE->getType()->isVoidType()) {
      rvalue(E);
      return 0;
    }
    return rvalue(E);
  }
  stmt(Last);
  return SE->getType()->isVoidType() ? 0 : unknown(SE->getType(), SE->getExprLoc());
}

// ---- the translation unit ----

// The core evaluates the flag macros (core/macro_eval.c); this spells a
// macro's replacement list from the preprocessor's tokens.
struct MacroLookup {
  Preprocessor &PP;
  bd_unit *U;
  std::string Body;
};

bd_macro_kind lookupMacro(void *Ctx, const char *Name, bd_macro_def *D) {
  auto *L = static_cast<MacroLookup *>(Ctx);
  const MacroInfo *MI = L->PP.getMacroInfo(L->PP.getIdentifierInfo(Name));
  if (!MI || MI->isBuiltinMacro())
    return BD_MACRO_NONE;
  if (MI->isFunctionLike())
    return BD_MACRO_FUNCTION;
  L->Body.clear();
  for (const Token &T : MI->tokens()) {
    if (!L->Body.empty())
      L->Body += ' ';
    L->Body += L->PP.getSpelling(T);
  }
  D->body = L->Body.c_str();
  PresumedLoc P = L->PP.getSourceManager().getPresumedLoc(MI->getDefinitionLoc());
  D->loc = P.isValid() ? bd_loc_make(L->U, P.getFilename(), P.getLine(), P.getColumn())
                       : bd_loc_make(L->U, nullptr, 0, 0);
  return BD_MACRO_OBJECT;
}

void setMacros(Preprocessor &PP, bd_unit *U) {
  MacroLookup L{PP, U, {}};
  bd_unit_read_macros(U, lookupMacro, &L);
}

bool wantBody(const FunctionDecl *FD) {
  if (!FD->doesThisDeclarationHaveABody() || FD->isInvalidDecl())
    return false;
  // bdops is a C checker: C++ methods and templates are not lowered
  if (FD->isDependentContext() || isa<CXXMethodDecl>(FD) ||
      FD->isTemplateInstantiation())
    return false;
  // C99 "inline" and gnu_inline "extern inline" bodies are only for
  // inlining: the compiler emits no function for them.
  if (FD->isInlined() && FD->getStorageClass() != SC_Static &&
      FD->isExternallyVisible() && !FD->isInlineDefinitionExternallyVisible())
    return false;
  return FD->getBody() != nullptr;
}

// GCC hands its plugin only the functions it emits: the externally visible
// definitions and the statics something emitted refers to.  A kernel unit
// sees thousands of static inline bodies from headers and uses a few
// (fs/xfs/xfs_super.c: 9062 bodies, about 170 kept), and lowering them all
// was most of the plugin's cost.  So the set is closed first over the
// names the bodies refer to, and only that set is lowered.  The closure
// follows every name (also in sizeof and dead branches), so it holds all
// the core keeps; the core's own rule (roles.c) still decides.
class Reachable {
public:
  void define(const FunctionDecl *FD) {
    Defs[UnitBuilder::calleeName(FD)] = FD;
  }
  // A name was referred to: its definition in the unit, if any, is live.
  void reach(const FunctionDecl *Named) {
    auto It = Defs.find(UnitBuilder::calleeName(Named));
    if (It != Defs.end() && Live.insert(It->second).second)
      Work.push_back(It->second);
  }
  void close() {
    while (!Work.empty())
      scan(Work.pop_back_val()->getBody());
  }
  bool live(const FunctionDecl *FD) const { return Live.count(FD); }

private:
  llvm::StringMap<const FunctionDecl *> Defs; // by callee name, as the core
  llvm::DenseSet<const FunctionDecl *> Live;
  llvm::SmallVector<const FunctionDecl *, 64> Work;

  void scan(const Stmt *Body) {
    llvm::SmallVector<const Stmt *, 64> Todo{Body};
    while (!Todo.empty()) {
      const Stmt *S = Todo.pop_back_val();
      if (!S)
        continue;
      if (const auto *DR = dyn_cast<DeclRefExpr>(S))
        if (const auto *FD = dyn_cast<FunctionDecl>(DR->getDecl()))
          reach(FD);
      // a DeclStmt's children are its initializers (local statics too)
      for (const Stmt *C : S->children())
        Todo.push_back(C);
    }
  }
};

// First pass: the definitions, and the global initializers (bindings and
// references, the roots besides the non-static definitions).
void collectDecls(UnitBuilder &B, const DeclContext *DC, Reachable &R,
                  llvm::SmallVectorImpl<const FunctionDecl *> &Roots) {
  for (const Decl *D : DC->decls()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (wantBody(FD)) {
        R.define(FD);
        if (!UnitBuilder::isStatic(FD))
          Roots.push_back(FD);
      }
    } else if (const auto *VD = dyn_cast<VarDecl>(D)) {
      B.scanGlobal(VD);
    } else if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
      collectDecls(B, LS, R, Roots);
    } else if (const auto *ND = dyn_cast<NamespaceDecl>(D)) {
      collectDecls(B, ND, R, Roots);
    }
  }
}

// Second pass: lower the live bodies, in source order.
void lowerLive(UnitBuilder &B, const DeclContext *DC, const Reachable &R) {
  for (const Decl *D : DC->decls()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (wantBody(FD) && R.live(FD)) {
        FuncLowerer FL(B);
        FL.run(FD);
      }
    } else if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
      lowerLive(B, LS, R);
    } else if (const auto *ND = dyn_cast<NamespaceDecl>(D)) {
      lowerLive(B, ND, R);
    }
  }
}

void lowerDecls(UnitBuilder &B, const DeclContext *DC) {
  Reachable R;
  llvm::SmallVector<const FunctionDecl *, 64> Roots;
  collectDecls(B, DC, R, Roots);
  for (const FunctionDecl *FD : Roots)
    R.reach(FD);
  for (const FunctionDecl *FD : B.Referenced)
    R.reach(FD);
  R.close();
  lowerLive(B, DC, R);
}

// ---- reporting ----

struct Reporter {
  DiagnosticsEngine &D;
  SourceManager &SM;
  DiagnosticsEngine::Level Level;
  unsigned WarnId, NoteId, ErrId;

  Reporter(DiagnosticsEngine &D, SourceManager &SM, const bd_options &O)
      : D(D), SM(SM) {
    Level = DiagnosticsEngine::Warning;
    if (O.error == BD_ERR_YES)
      Level = DiagnosticsEngine::Error;
    // Custom ids escape -Werror: follow it ourselves (TOOLCHAIN.md).
    else if (O.error == BD_ERR_AUTO && D.getWarningsAsErrors() &&
             !D.getIgnoreAllWarnings())
      Level = DiagnosticsEngine::Error;
    WarnId = D.getCustomDiagID(Level, "%0");
    NoteId = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    ErrId = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  }

  SourceLocation where(const bd_loc &L) {
    if (!L.file || L.line <= 0)
      return SourceLocation();
    FileManager &FM = SM.getFileManager();
    auto FE = FM.getOptionalFileRef(L.file);
    if (!FE)
      return SourceLocation();
    return SM.translateFileLineCol(*FE, (unsigned)L.line,
                                   (unsigned)(L.col > 0 ? L.col : 1));
  }

  // A core edit as a FixItHint (clang's -fixit and -fdiagnostics-parseable-
  // fixits, and the tool's --fix, apply it).
  FixItHint fixIt(const bd_edit &E) {
    bd_loc End = E.loc;
    End.line = E.end_line;
    End.col = E.end_col;
    SourceLocation B = where(E.loc), Z = where(End);
    if (B.isInvalid() || Z.isInvalid())
      return FixItHint();
    return FixItHint::CreateReplacement(CharSourceRange::getCharRange(B, Z),
                                        E.text ? E.text : "");
  }

  void finding(const bd_finding *Fd) {
    char Buf[2048];
    SourceLocation L = where(Fd->loc);
    // As the GCC plugin: a note finding (--strict) stays a note, never
    // a warning that -Werror or error=yes would turn into an error.  Clang
    // drops a note that follows an ignored diagnostic, and before the
    // first one the last counts as ignored: a note of its own needs that
    // cleared.
    unsigned Id = Fd->severity == BD_SEV_NOTE    ? NoteId
                  : Fd->severity == BD_SEV_ERROR ? ErrId
                                                 : WarnId;
    if (Id == NoteId)
      D.setLastDiagnosticIgnored(false);
    {
      DiagnosticBuilder W = D.Report(L, Id); // emitted at the brace
      W << bd_finding_text(Fd, Buf, sizeof(Buf));
      for (int I = 0; I < Fd->nedits; I++)
        W << fixIt(Fd->edits[I]);
    }
    for (int I = 0; I < Fd->nnotes; I++)
      D.Report(where(Fd->notes[I].loc), NoteId)
          << (Fd->notes[I].message ? Fd->notes[I].message : "");
    if (Fd->fix)
      D.Report(L, NoteId) << (std::string("fix: ") + Fd->fix);
  }
};

// The file the compiler was given (floppy.i, not the file its line
// markers name): the facts are that file's.
std::string unitName(SourceManager &SM) {
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID()))
    return FE->getName().str();
  return "<stdin>";
}

// clang-apply-replacements wants absolute paths.
std::string realPath(SourceManager &SM, SourceLocation L) {
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L)))
    return FE->getFileEntry().tryGetRealPathName().str();
  return "";
}

void exportFinding(Sink &S, SourceManager &SM, Reporter &R, const bd_finding *Fd) {
  ExportedFinding X;
  const struct bd_check_info *CI = bd_check_info(Fd->check);
  X.check = CI && CI->full ? CI->full : "bdops";
  X.message = Fd->message ? Fd->message : "";
  X.file = Fd->loc.file ? Fd->loc.file : "";
  X.fix = Fd->fix ? Fd->fix : "";
  SourceLocation L = R.where(Fd->loc);
  if (L.isValid()) {
    X.offset = SM.getFileOffset(L);
    std::string Real = realPath(SM, L);
    if (!Real.empty())
      X.file = Real;
  }
  for (int I = 0; I < Fd->nedits; I++) {
    FixItHint H = R.fixIt(Fd->edits[I]);
    if (H.isNull())
      continue;
    SourceLocation B = H.RemoveRange.getBegin(), E = H.RemoveRange.getEnd();
    ExportedEdit Ed;
    Ed.file = realPath(SM, B);
    Ed.offset = SM.getFileOffset(B);
    Ed.length = SM.getFileOffset(E) - Ed.offset;
    Ed.text = H.CodeToInsert;
    X.edits.push_back(Ed);
  }
  S.exported->push_back(X);
}

void report(bd_result *Res, const bd_options &O, DiagnosticsEngine &D,
            SourceManager &SM, Sink &S) {
  Reporter R(D, SM, O);
  int N = bd_result_count(Res);
  S.findings += N;
  S.units++;
  for (int I = 0; I < N && S.exported; I++)
    exportFinding(S, SM, R, bd_result_get(Res, I));
  if (O.format == BD_FMT_TEXT && !O.output) {
    // llvm::errs() is unbuffered: a write per piece of each line, over a
    // million for the thousands of findings of one huge function.
    llvm::raw_ostream &Err = llvm::errs();
    bool Unbuffered = !Err.GetBufferSize();
    if (Unbuffered)
      Err.SetBuffered();
    for (int I = 0; I < N; I++)
      R.finding(bd_result_get(Res, I));
    if (Unbuffered)
      Err.SetUnbuffered(); // flushes
  } else if (S.merged) {
    bd_result_absorb(S.merged, Res);
  } else {
    FILE *Out = stderr;
    unsigned CantWrite = D.getCustomDiagID(
        DiagnosticsEngine::Error, "bdops: cannot write the report to '%0': %1");
    if (O.output && strcmp(O.output, "-") && !(Out = fopen(O.output, "w"))) {
      D.Report(CantWrite) << O.output << strerror(errno);
      return;
    }
    errno = 0;
    bd_report_write(Res, &O, Out);
    bool Bad = ferror(Out);
    Bad |= (Out != stderr ? fclose(Out) : fflush(Out)) != 0;
    if (Bad)
      D.Report(CantWrite) << (Out != stderr && O.output ? O.output : "standard error")
                          << strerror(errno ? errno : EIO);
  }
  // A unit not analysed whole, or whose facts were not written, fails the
  // compile: it must never pass as clean (docs/output.md).
  if (const char *Msg = bd_result_failure(Res)) {
    D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "bdops: %0: %1"))
        << unitName(SM) << Msg;
    S.inputErrors++;
  }
  // Clang drops a note that follows no warning, so this one is printed
  // directly, shaped like a note; it must never fail the compile.
  if (const char *Msg = bd_result_internal(Res)) {
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID());
    fprintf(stderr, "%s: note: bdops: internal error: %s\n",
            FE ? FE->getName().str().c_str() : "<stdin>", Msg);
  }
}

} // namespace

// The unit's name.  Preprocessed input (a .i file, as distcc hands the
// remote compiler, or standard input, as icecream does) names its source
// in its first line marker, as GCC takes it.
static std::string mainFileName(const SourceManager &SM) {
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID());
  std::string Name = FE ? FE->getName().str() : "<stdin>";
  if (!llvm::StringRef(Name).ends_with(".i") && Name != "<stdin>" && Name != "-")
    return Name;
  SourceLocation L = SM.translateLineCol(SM.getMainFileID(), 2, 1);
  PresumedLoc P = SM.getPresumedLoc(L);
  if (P.isValid() && P.getFilename()[0] && P.getFilename()[0] != '<')
    return P.getFilename();
  return Name;
}

// The unit its name says, the file compiled for it (a .i) and the
// directory it was compiled in.
static bd_unit *newUnit(SourceManager &SM, const Sink &S) {
  bd_unit *U = bd_unit_new(mainFileName(SM).c_str());
  bd_unit_set_input(U, unitName(SM).c_str());
  if (!S.compileDir.empty())
    bd_unit_set_dir(U, S.compileDir.c_str());
  return U;
}

void runUnit(ASTContext &Ctx, Preprocessor *PP, const bd_options &Opts, Sink &S) {
  SourceManager &SM = Ctx.getSourceManager();
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  std::string Main = mainFileName(SM);
  if (D.hasErrorOccurred()) {
    // The AST of a unit that did not compile is not worth analysing; its
    // facts say so, replacing those of an older build that compiled, and
    // a SARIF log says so rather than look clean.
    S.inputErrors++;
    if (Opts.facts_dir) {
      bd_options O = Opts;
      O.baseline = nullptr;
      bd_unit *U = newUnit(SM, S);
      bd_unit_incomplete(U, "the compiler rejected it");
      bd_result_free(bd_analyze(U, &O));
      bd_unit_free(U);
    }
    bd_result *Res = bd_result_new();
    bd_result_not_analysed(Res, Main.c_str(),
                           (Main + " was not analysed: it does not compile").c_str());
    if (S.merged)
      bd_result_absorb(S.merged, Res);
    else if (Opts.format == BD_FMT_SARIF)
      report(Res, Opts, D, SM, S);
    bd_result_free(Res);
    return;
  }
  bd_unit *U = newUnit(SM, S);
  {
    UnitBuilder B(Ctx, U);
    if (PP)
      setMacros(*PP, U);
    lowerDecls(B, Ctx.getTranslationUnitDecl());
  }
  bd_result *Res = bd_analyze(U, &Opts);
  if (char *Asm = S.wantFactsAsm ? bd_facts_asm(U, Res, &Opts) : nullptr) {
    S.factsAsm = Asm;
    free(Asm);
  } else if (S.wantFactsAsm && Opts.facts_object) {
    // facts lost on the way into the object must fail the compile too
    D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                               "bdops: %0: cannot put the facts into the object: out of memory"))
        << unitName(SM);
    S.inputErrors++;
  }
  report(Res, Opts, D, SM, S);
  bd_result_free(Res);
  bd_unit_free(U);
}

bool setOption(bd_options &Opts, const std::string &Key, const char *Value,
               std::string &Err) {
  // bd_options keeps the pointers it is given: keep the strings alive.
  static std::deque<std::string> Keep;
  char Buf[1024] = "";
  if (Value) {
    Keep.emplace_back(Value);
    Value = Keep.back().c_str();
  }
  if (bd_options_set(&Opts, Key.c_str(), Value, Buf, sizeof(Buf)) == 0)
    return true;
  Err = Buf[0] ? Buf : "unknown option '" + Key + "'";
  return false;
}

} // namespace bdops_clang
