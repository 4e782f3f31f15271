// SPDX-License-Identifier: GPL-2.0
//
// tool.cpp - bdops-clang-tool, bdops on libTooling.
//
//   bdops-clang-tool [-p BUILD_DIR] [OPTIONS] FILES... [-- COMPILER FLAGS]
//
// Compile commands come from `-- FLAGS` when given, else from the
// compile_commands.json in BUILD_DIR (or found above the first file).
// OPTIONS are the core's, as --KEY[=VALUE]: --format=text|json|sarif,
// --output=FILE, --facts-dir=DIR, --strict, --disable=CHECK[,CHECK],
// --enable=..., --error=auto|yes|no, --baseline=FILE, --root=DIR,
// --dump-ir=FILE|-, --help; plus --fix and --export-fixes=FILE.
//
// Exit status: 0 no findings, 1 findings, 2 usage or input error.
#include "bdops_clang.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace clang::tooling;

namespace {

const char *Prog = "bdops-clang-tool";

struct Config {
  bd_options Opts;
  bdops_clang::Sink Sink;
};

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, Config &C) : CI(CI), C(C) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Preprocessor *PP = CI.hasPreprocessor() ? &CI.getPreprocessor() : nullptr;
    bdops_clang::runUnit(Ctx, PP, C.Opts, C.Sink);
  }

private:
  CompilerInstance &CI;
  Config &C;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(Config &C) : C(C) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return std::make_unique<Consumer>(CI, C);
  }

private:
  Config &C;
};

class Factory : public FrontendActionFactory {
public:
  explicit Factory(Config &C) : C(C) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(C);
  }

private:
  Config &C;
};

void usage(FILE *Out) {
  fprintf(Out,
          "Usage: %s [-p BUILD_DIR] [OPTIONS] FILES... [-- FLAGS]\n"
          "\n"
          "The bdops checks of block drivers' block_device_operations use, on\n"
          "libTooling.  Compile commands come from '-- FLAGS' (the compiler's\n"
          "flags, not its name), else from compile_commands.json in BUILD_DIR or\n"
          "above the first file.  Findings are clang warnings, with their edits as\n"
          "fix-it hints.\n"
          "\n"
          "Options:\n"
          "  -p BUILD_DIR                 read compile_commands.json from BUILD_DIR\n"
          "      --fix                    apply the findings' edits to the files\n"
          "      --export-fixes=FILE      write the findings and their edits as\n"
          "                               clang-tidy YAML, for clang-apply-replacements\n"
          "  -h, --help                   print this help and exit\n"
          "  -V, --version                print the versions of bdops and clang, and exit\n"
          "\n"
          "bdops options:\n%s"
          "\n"
          "Exit status:\n"
          "  0  no findings\n"
          "  1  findings (--fix and --export-fixes too: the edits are written)\n"
          "  2  usage or input error, or a file that does not compile\n"
          "\n"
          "Examples:\n"
          "  %s -p build drivers/block/loop.c\n"
          "      flags from build/compile_commands.json\n"
          "  %s --export-fixes=fixes.yaml pkt.c -- -Iinclude\n"
          "      then: clang-apply-replacements-19 .\n"
          "\n"
          "See also: bdops(1), bdops-plugins(7), clang-apply-replacements(1).\n",
          Prog, bd_options_help_with("--"), Prog, Prog);
}

int usageError(const std::string &Msg) {
  fprintf(stderr, "%s: %s\n", Prog, Msg.c_str());
  fprintf(stderr, "%s: try '%s --help'\n", Prog, Prog);
  return 2;
}

// gcc-only flags a gcc-built compile_commands.json carries and clang-19
// rejects or cannot use (a gcc plugin above all).
ArgumentsAdjuster stripGccOnly() {
  return [](const CommandLineArguments &Args, llvm::StringRef) {
    static const char *const Exact[] = {
        "-fconserve-stack", "-fno-allow-store-data-races",
        "-mindirect-branch-register", "-fno-var-tracking-assignments",
        "-mrecord-mcount", "-mskip-rax-setup", "-mno-fp-ret-in-387",
        "-fno-ipa-sra", "-fsanitize=bounds-strict", "-fno-tree-loop-im",
    };
    static const char *const Prefix[] = {
        "-fplugin=", "-fplugin-arg-", "-mpreferred-stack-boundary=",
        "-mindirect-branch=", "-fmin-function-alignment=",
        "-mfunction-return=", "-fzero-call-used-regs=",
    };
    CommandLineArguments R;
    for (const std::string &A : Args) {
      bool Drop = false;
      for (const char *E : Exact)
        Drop |= A == E;
      for (const char *P : Prefix)
        Drop |= llvm::StringRef(A).starts_with(P);
      if (!Drop)
        R.push_back(A);
    }
    return R;
  };
}

std::string yamlQuote(const std::string &S) {
  std::string R = "'";
  for (char C : S) {
    if (C == '\'')
      R += "''";
    else if (C == '\n')
      R += ' ';
    else
      R += C;
  }
  return R + "'";
}

// YAML double quotes keep a replacement's newlines and tabs exact.
std::string yamlDoubleQuote(const std::string &S) {
  std::string R = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      R += '\\', R += C;
    else if (C == '\n')
      R += "\\n";
    else if (C == '\t')
      R += "\\t";
    else
      R += C;
  }
  return R + "\"";
}

void writeReplacements(FILE *Out,
                       const std::vector<bdops_clang::ExportedEdit> &V) {
  if (V.empty()) {
    fprintf(Out, "      Replacements:    []\n");
    return;
  }
  fprintf(Out, "      Replacements:\n");
  for (const auto &E : V) {
    fprintf(Out, "        - FilePath:        %s\n", yamlQuote(E.file).c_str());
    fprintf(Out, "          Offset:          %u\n", E.offset);
    fprintf(Out, "          Length:          %u\n", E.length);
    fprintf(Out, "          ReplacementText: %s\n",
            yamlDoubleQuote(E.text).c_str());
  }
}

// --fix: apply every finding's edits, per file from the end so that
// offsets stay valid; an edit overlapping one already applied is skipped
// (two findings proposing the same change give it once).  Returns the
// number of edits applied, or -1 if a file could not be rewritten.
int applyFixes(const std::vector<bdops_clang::ExportedFinding> &V) {
  std::map<std::string, std::vector<bdops_clang::ExportedEdit>> ByFile;
  for (const auto &X : V)
    for (const auto &E : X.edits)
      ByFile[E.file].push_back(E);
  int Applied = 0;
  for (auto &KV : ByFile) {
    auto &Es = KV.second;
    std::sort(Es.begin(), Es.end(), [](const auto &A, const auto &B) {
      return A.offset > B.offset;
    });
    std::ifstream In(KV.first, std::ios::binary);
    std::string Text((std::istreambuf_iterator<char>(In)),
                     std::istreambuf_iterator<char>());
    if (!In.good() && !In.eof())
      return -1;
    unsigned Limit = Text.size() + 1;
    for (const auto &E : Es) {
      if (E.offset + E.length > Text.size() || E.offset + E.length > Limit)
        continue;
      Text.replace(E.offset, E.length, E.text);
      Limit = E.offset;
      Applied++;
    }
    std::ofstream Out(KV.first, std::ios::binary | std::ios::trunc);
    Out << Text;
    if (!Out.good())
      return -1;
  }
  return Applied;
}

bool exportFixes(const std::string &Path,
                 const std::vector<bdops_clang::ExportedFinding> &V,
                 const std::string &Main) {
  FILE *Out = fopen(Path.c_str(), "w");
  if (!Out)
    return false;
  fprintf(Out, "---\nMainSourceFile:  %s\nDiagnostics:\n", yamlQuote(Main).c_str());
  if (V.empty())
    fprintf(Out, "  []\n");
  for (const auto &X : V) {
    fprintf(Out, "  - DiagnosticName:  %s\n", X.check.c_str());
    fprintf(Out, "    DiagnosticMessage:\n");
    fprintf(Out, "      Message:         %s\n", yamlQuote(X.message).c_str());
    fprintf(Out, "      FilePath:        %s\n", yamlQuote(X.file).c_str());
    fprintf(Out, "      FileOffset:      %u\n", X.offset);
    writeReplacements(Out, X.edits);
    if (!X.fix.empty()) {
      fprintf(Out, "    Notes:\n");
      fprintf(Out, "      - Message:         %s\n",
              yamlQuote("fix: " + X.fix).c_str());
      fprintf(Out, "        FilePath:        %s\n", yamlQuote(X.file).c_str());
      fprintf(Out, "        FileOffset:      %u\n", X.offset);
      fprintf(Out, "        Replacements:    []\n");
    }
    fprintf(Out, "    Level:           Warning\n");
  }
  fprintf(Out, "...\n");
  return fclose(Out) == 0;
}

} // namespace

int main(int argc, const char **argv) {
  Config C;
  bd_options_init(&C.Opts);
  std::vector<std::string> Files, Flags;
  std::string BuildPath, ExportPath;
  bool DashDash = false, Fix = false;

  for (int I = 1; I < argc; I++) {
    std::string A = argv[I];
    if (DashDash) {
      Flags.push_back(A);
    } else if (A == "--") {
      DashDash = true;
    } else if (A == "-p" || A == "--p" || A == "--build-path") {
      if (I + 1 >= argc)
        return usageError("'" + A + "' needs a directory");
      BuildPath = argv[++I];
    } else if (!A.compare(0, 3, "-p=") || !A.compare(0, 4, "--p=")) {
      BuildPath = A.substr(A.find('=') + 1);
    } else if (A == "--help" || A == "-h" || A == "-help") {
      usage(stdout);
      return 0;
    } else if (A == "--version" || A == "-V" || A == "-version") {
      printf("%s (bdops) %s\n%s\n", Prog, BD_VERSION,
             clang::getClangFullVersion().c_str());
      return 0;
    } else if (A == "--fix") {
      Fix = true;
    } else if (A == "--export-fixes") {
      if (I + 1 >= argc)
        return usageError("'--export-fixes' needs a file");
      ExportPath = argv[++I];
    } else if (!A.compare(0, 15, "--export-fixes=")) {
      ExportPath = A.substr(15);
    } else if (!A.compare(0, 2, "--")) {
      size_t Eq = A.find('=');
      std::string Key = A.substr(2, Eq == std::string::npos ? std::string::npos
                                                           : Eq - 2);
      std::string Err;
      if (!bdops_clang::setOption(
              C.Opts, Key,
              Eq == std::string::npos ? nullptr : A.c_str() + Eq + 1, Err))
        return usageError(Err);
    } else if (A.size() > 1 && A[0] == '-') {
      return usageError("unknown option '" + A + "'");
    } else {
      Files.push_back(A);
    }
  }
  if (Files.empty())
    return usageError("no input files");

  std::string Err;
  std::unique_ptr<CompilationDatabase> DB;
  if (DashDash) {
    DB = std::make_unique<FixedCompilationDatabase>(".", Flags);
  } else if (!BuildPath.empty()) {
    DB = CompilationDatabase::autoDetectFromDirectory(BuildPath, Err);
    if (!DB)
      return usageError("no compilation database in '" + BuildPath +
                        "': " + Err);
  } else {
    DB = CompilationDatabase::autoDetectFromSource(Files[0], Err);
    if (!DB) {
      fprintf(stderr,
              "%s: no compile_commands.json found for '%s'; compiling "
              "without flags (give -p BUILD_DIR or -- FLAGS)\n",
              Prog, Files[0].c_str());
      DB = std::make_unique<FixedCompilationDatabase>(
          ".", std::vector<std::string>());
    }
  }

  ClangTool Tool(*DB, Files);
  Tool.appendArgumentsAdjuster(stripGccOnly());
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
      "-resource-dir=" BDOPS_CLANG_RESOURCE_DIR, ArgumentInsertPosition::BEGIN));

  bool Merge = C.Opts.format != BD_FMT_TEXT || C.Opts.output;
  std::vector<bdops_clang::ExportedFinding> Exported;
  if (Merge)
    C.Sink.merged = bd_result_new();
  if (!ExportPath.empty() || Fix)
    C.Sink.exported = &Exported;

  Factory F(C);
  int Ret = Tool.run(&F);

  int Status = 0;
  if (C.Sink.merged) {
    FILE *Out = stderr;
    if (C.Opts.output && strcmp(C.Opts.output, "-") &&
        !(Out = fopen(C.Opts.output, "w"))) {
      fprintf(stderr, "%s: cannot write '%s': %s\n", Prog, C.Opts.output,
              strerror(errno));
      Status = 2;
    } else {
      bd_result_sort(C.Sink.merged);
      errno = 0;
      bd_report_write(C.Sink.merged, &C.Opts, Out);
      bool Bad = ferror(Out);
      Bad |= (Out != stderr ? fclose(Out) : fflush(Out)) != 0;
      if (Bad) {
        fprintf(stderr, "%s: cannot write the report to '%s': %s\n", Prog,
                Out != stderr && C.Opts.output ? C.Opts.output : "standard error",
                strerror(errno ? errno : EIO));
        Status = 2;
      }
    }
    bd_result_free(C.Sink.merged);
  }
  if (!ExportPath.empty() && !exportFixes(ExportPath, Exported, Files[0])) {
    fprintf(stderr, "%s: cannot write '%s': %s\n", Prog, ExportPath.c_str(),
            strerror(errno));
    Status = 2;
  }
  if (Fix) {
    int N = applyFixes(Exported);
    if (N < 0) {
      fprintf(stderr, "%s: --fix: cannot rewrite a file: %s\n", Prog,
              strerror(errno));
      Status = 2;
    } else if (C.Sink.findings) {
      fprintf(stderr, "%s: --fix: applied %d edit%s\n", Prog, N,
              N == 1 ? "" : "s");
    }
  }

  // Ret is 1 when a compile failed (which our own findings do under
  // -Werror) and 2 when a file had no compile command.
  bool InputError = C.Sink.inputErrors > 0 || Ret == 2 ||
                    (Ret != 0 && C.Sink.units < (int)Files.size());
  if (Status || InputError)
    return 2;
  return C.Sink.findings ? 1 : 0;
}
