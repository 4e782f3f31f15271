// SPDX-License-Identifier: GPL-2.0
//
// plugin.cpp - bdops as a Clang plugin.
//
//   clang-19 -fplugin=build/lib/bdops_clang.so
//            [-fplugin-arg-bdops_clang-KEY[=VALUE]]... -c foo.c
//
// KEY is a core option: format=text|json|sarif, output=FILE,
// facts-dir=DIR, strict, disable=CHECK[,CHECK], enable=..., error=auto|yes|no,
// baseline=FILE, root=DIR, dump-ir=FILE|-, help (prints them) and version
// (bdops' and clang's).
// Unknown keys are an error naming the valid ones.
//
// The action runs before the main action, so the plugin works with -c and
// with -fsyntax-only alike.  It analyses once per translation unit, after
// the whole unit is parsed.
//
// Facts into the object (facts-object=yes, the default): an AST plugin
// cannot reach code generation directly, but the main action's consumer
// (CodeGen) runs after ours and still takes top-level declarations.  The
// facts' assembler text becomes a file-scope asm declaration handed to the
// compiler's consumer: CodeGen appends it to the module's inline asm, and
// the integrated (or GNU) assembler puts it into the object's
// .bdops.facts section.  Only when the compile writes an object or
// assembler output.
#include "bdops_clang.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace {

// The action object is destroyed before the unit is parsed: the consumer
// owns everything the analysis needs.
class BdopsConsumer : public ASTConsumer {
public:
  BdopsConsumer(CompilerInstance &CI, const bd_options &O) : CI(CI), Opts(O) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    bdops_clang::Sink S;
    S.wantFactsAsm = writesObject();
    const std::string &Dir = CI.getCodeGenOpts().DebugCompilationDir;
    if (llvm::sys::path::is_absolute(Dir))
      S.compileDir = Dir;
    Preprocessor *PP = CI.hasPreprocessor() ? &CI.getPreprocessor() : nullptr;
    bdops_clang::runUnit(Ctx, PP, Opts, S);
    if (!S.factsAsm.empty())
      emitAsm(Ctx, S.factsAsm);
  }

private:
  bool writesObject() const {
    switch (CI.getFrontendOpts().ProgramAction) {
    case frontend::EmitObj:
    case frontend::EmitAssembly:
    case frontend::EmitBC:
    case frontend::EmitLLVM:
      return CI.hasASTConsumer();
    default:
      return false;
    }
  }

  void emitAsm(ASTContext &Ctx, const std::string &Text) {
    QualType Ty = Ctx.getStringLiteralArrayType(Ctx.CharTy, Text.size());
    StringLiteral *Str = StringLiteral::Create(
        Ctx, Text, StringLiteralKind::Ordinary, false, Ty, SourceLocation());
    FileScopeAsmDecl *D = FileScopeAsmDecl::Create(
        Ctx, Ctx.getTranslationUnitDecl(), Str, SourceLocation(),
        SourceLocation());
    CI.getASTConsumer().HandleTopLevelDecl(DeclGroupRef(D));
  }

  CompilerInstance &CI;
  bd_options Opts;
};

class BdopsAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return std::make_unique<BdopsConsumer>(CI, Opts);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    bd_options_init(&Opts);
    DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &A : Args) {
      size_t Eq = A.find('=');
      std::string Key = A.substr(0, Eq);
      std::string Val = Eq == std::string::npos ? "" : A.substr(Eq + 1);
      if (Key == "help" || Key == "h") {
        llvm::errs() << "Usage: clang-19 -fplugin=PATH/bdops_clang.so "
                        "[-fplugin-arg-bdops_clang-KEY[=VALUE]]... -c FILE.c\n"
                        "\nOptions:\n"
                     << bd_options_help_with("-fplugin-arg-bdops_clang-");
        continue;
      }
      if (Key == "version" || Key == "V") {
        llvm::errs() << "bdops_clang (bdops) " << BD_VERSION << "\n"
                     << clang::getClangFullVersion() << "\n";
        continue;
      }
      std::string Err;
      if (!bdops_clang::setOption(Opts, Key,
                                  Eq == std::string::npos ? nullptr : Val.c_str(),
                                  Err)) {
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                   "bdops_clang: %0"))
            << Err;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  bd_options Opts;
};

} // namespace

static FrontendPluginRegistry::Add<BdopsAction>
    X("bdops_clang", "bdops: block_device_operations API checks");
