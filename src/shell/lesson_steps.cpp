#include "shell/lesson_steps.hpp"

#include <algorithm>

#include "parse/splitter.hpp"

namespace cqlbox::shell {

namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool is_comment(std::string_view line) { return trim(line).starts_with("--"); }

std::string_view comment_text(std::string_view line) {
  line = trim(line);
  line.remove_prefix(2);
  if (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  return line;
}

}  // namespace

std::vector<LessonStep> lesson_steps(std::string_view script,
                                     const std::function<bool(std::string_view)>& command_line) {
  std::vector<LessonStep> steps;
  parse::StatementSplitter splitter;
  std::vector<std::string> done;
  bool title = true;        // still in the opening comment block
  bool in_comment = false;  // the current step's note is still being read
  bool in_try = false;      // a TRY/CHECK block: the student's task, no step's note
  for (std::string_view line : split_lines(script)) {
    const bool idle = !splitter.in_statement() && !splitter.in_literal();
    if (idle && is_comment(line)) {
      if (title) continue;
      const std::string_view text = comment_text(line);
      if (text.starts_with("TRY:") || text.starts_with("CHECK:")) in_try = true;
      if (in_try) continue;
      if (!in_comment) {  // a comment block between statements opens a step
        steps.emplace_back();
        in_comment = true;
      }
      std::string& note = steps.back().note;
      if (!note.empty()) note += '\n';
      note += comment_text(line);
      continue;
    }
    if (idle && trim(line).empty()) {
      in_comment = false;
      in_try = false;
      title = false;  // a blank line ends the title
      continue;
    }
    title = false;
    in_comment = false;
    in_try = false;
    if (steps.empty()) steps.emplace_back();
    steps.back().lines.emplace_back(line);
    if (idle && command_line(trim(line))) continue;
    done.clear();
    splitter.feed_line(line, done);
  }
  // A note with no statements after it (the script's last lines) is the last step's.
  if (steps.size() > 1 && steps.back().lines.empty()) {
    const std::string note = std::move(steps.back().note);
    steps.pop_back();
    steps.back().note += (steps.back().note.empty() ? "" : "\n") + note;
  }
  steps.erase(std::remove_if(steps.begin(), steps.end(), [](const LessonStep& s) { return s.lines.empty(); }),
              steps.end());
  return steps;
}

std::vector<LessonTry> lesson_tries(std::string_view script) {
  std::vector<LessonTry> tries;
  bool in_task = false;
  for (std::string_view line : split_lines(script)) {
    if (!is_comment(line)) {
      in_task = false;
      continue;
    }
    const std::string_view text = comment_text(line);
    if (text.starts_with("TRY:")) {
      tries.push_back({std::string(trim(text.substr(4))), {}, {}});
      in_task = true;
    } else if (text.starts_with("CHECK:") && !tries.empty()) {
      std::string_view rest = trim(text.substr(6));
      const std::size_t space = rest.find(' ');
      tries.back().table = std::string(rest.substr(0, space));
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view e = trim(rest.substr(0, comma));
        if (!e.empty()) tries.back().expect.emplace_back(e);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
      }
      in_task = false;
    } else if (in_task) {
      tries.back().task += " " + std::string(text);
    }
  }
  std::erase_if(tries, [](const LessonTry& t) { return t.table.empty(); });
  return tries;
}

std::string markdown_sections(std::string_view markdown, const std::vector<std::string_view>& names) {
  std::string out;
  bool keep = false;
  for (std::string_view line : split_lines(markdown)) {
    if (line.starts_with("## ")) {
      const std::string_view name = trim(line.substr(3));
      keep = std::find(names.begin(), names.end(), name) != names.end();
      if (keep) {
        while (out.ends_with("\n\n")) out.pop_back();
        if (!out.empty()) out += '\n';
        out += std::string(name) + "\n";
      }
      continue;
    }
    if (line.starts_with("# ") || !keep) continue;
    if (trim(line).empty() && (out.ends_with("\n\n") || out.empty())) continue;  // one blank line at most
    if (trim(line).empty() && !out.empty()) {
      out += '\n';
      continue;
    }
    // [text](target) -> text
    std::string plain;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '[') {
        const std::size_t close = line.find("](", i);
        const std::size_t end = close == std::string_view::npos ? close : line.find(')', close);
        if (close != std::string_view::npos && end != std::string_view::npos && line.find('\n', i) > end) {
          plain += line.substr(i + 1, close - i - 1);
          i = end;
          continue;
        }
      }
      if (line.substr(i).starts_with("**")) {  // bold: the words are enough on a terminal
        ++i;
        continue;
      }
      plain += line[i];
    }
    out += plain;
    out += '\n';
  }
  // Blank lines at the end of a section are the next one's separation, not text.
  while (out.size() >= 2 && out.back() == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

}  // namespace cqlbox::shell
