// SPDX-License-Identifier: GPL-2.0
//
// bdops_clang.h - what plugin.cpp and tool.cpp share with lower.cpp.
//
// lower.cpp turns one Clang translation unit into a bd_unit (docs/design.md,
// "AST form": every local and parameter is a slot, every evaluation a new
// value), runs bd_analyze() and reports the findings through the host's
// DiagnosticsEngine or bd_report_write().
#ifndef BDOPS_CLANG_H
#define BDOPS_CLANG_H

#include <string>
#include <vector>

#include "bdops/bdops.h"

namespace clang {
class ASTContext;
class Preprocessor;
} // namespace clang

namespace bdops_clang {

// One core edit as clang-tidy's Replacement: FilePath, Offset, Length.
struct ExportedEdit {
  std::string file, text;
  unsigned offset = 0, length = 0;
};

// A finding as clang-tidy's --export-fixes wants it.
struct ExportedFinding {
  std::string check, message, file, fix;
  unsigned offset = 0;
  std::vector<ExportedEdit> edits;
};

// Where the findings of a translation unit go.
struct Sink {
  // Tool: with format json/sarif (or an output file) the findings of all
  // files are collected here and written once; NULL: written per unit.
  bd_result *merged = nullptr;
  // Tool --export-fixes and --fix: one entry per finding.
  std::vector<ExportedFinding> *exported = nullptr;
  int findings = 0;	// unsuppressed findings reported
  int units = 0;	// units analysed
  int inputErrors = 0;	// units skipped because the compile had errors
  // Plugin: the unit's facts as assembler text for the object
  // (bd_facts_asm), when wanted and the options ask for it.
  bool wantFactsAsm = false;
  std::string factsAsm;
  // Plugin: the directory the compile ran in, as -fdebug-compilation-dir
  // says (the driver sets it to its own; a user may give the client's
  // when the compile runs on an icecream or distcc server).  Relative
  // paths of the unit are relative to it; empty: the current directory.
  std::string compileDir;
};

// Lower, analyse and report one translation unit.  PP may be NULL (then
// the macro defaults of docs/design.md apply).
void runUnit(clang::ASTContext &Ctx, clang::Preprocessor *PP,
             const bd_options &Opts, Sink &S);

// Apply KEY[=VALUE] to Opts.  Returns false with a message in Err.
bool setOption(bd_options &Opts, const std::string &Key, const char *Value,
               std::string &Err);

} // namespace bdops_clang

#endif
