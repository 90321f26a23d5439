// The parts of TaskPaper a regular grammar can't express (see grammar.js): the kind of a line, which
// depends on how the line ends, and where a tag and its value end, which depends on what follows them.
// Tags are TaskPaper 3's: (^|\s+)@(NAME)(?:\((VALUE)\))?(?=\s|$), scanned left to right; the format is
// described in Sources/TaskPaper/README.md of taskpaper-lsp.

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum TokenType {
  PROJECT_START,
  NOTE_START,
  TASK_START,
  DONE_PROJECT_START,
  DONE_NOTE_START,
  DONE_TASK_START,
  TAG_NAME,
  TAG_OPEN,
  TAG_VALUE,
  TAG_CLOSE,
  LONG_LINE,
  ERROR_SENTINEL,
};

// A value is looked for this far at most, so a long line of `@a(` costs linear time; a longer value
// reads as text.
#define MAX_VALUE_LENGTH 1024u

// A longer line is one token of text: editors give up colouring a file whose parse takes too long (Helix
// after half a second), and a line of a megabyte holds hundreds of thousands of words and tags.
#define MAX_LINE_LENGTH 10000u

typedef struct {
  // Between a tag's name and its `)`: how many characters its value has.
  uint32_t value_length;
  // The characters being looked at (a line's body, or a tag), reused from call to call.
  int32_t *chars;
  uint32_t capacity;
} Scanner;

// JavaScript's \s less the line ends.
static bool is_space(int32_t c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == 0x00A0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000 || c == 0xFEFF;
}

// A character of a tag name (UTF-16 code units, as in JavaScript: nothing outside the BMP).
static bool is_name_char(int32_t c) {
  return (c >= 'A' && c <= 'Z') || c == '_' || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c <= 0xD6) ||
         (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF) || (c >= 0x370 && c <= 0x37D) ||
         (c >= 0x37F && c <= 0x1FFF) || (c >= 0x200C && c <= 0x200D) || (c >= 0x2070 && c <= 0x218F) ||
         (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) ||
         (c >= 0xFDF0 && c <= 0xFFFD) || c == '-' || c == '.' || (c >= '0' && c <= '9') || c == 0xB7 ||
         (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040);
}

static bool is_line_end(TSLexer *lexer) {
  return lexer->eof(lexer) || lexer->lookahead == '\n' || lexer->lookahead == '\r';
}

static bool push(Scanner *scanner, uint32_t *count, int32_t c) {
  if (*count == scanner->capacity) {
    uint32_t capacity = scanner->capacity ? scanner->capacity * 2 : 256;
    int32_t *chars = realloc(scanner->chars, capacity * sizeof(int32_t));
    if (!chars) return false;
    scanner->chars = chars;
    scanner->capacity = capacity;
  }
  scanner->chars[(*count)++] = c;
  return true;
}

// What the characters from an `@` (that follows white space or starts the line) hold.
typedef struct {
  bool is_tag;
  bool is_done;           // the name is exactly "done"
  bool has_value;
  uint32_t name_end;      // after the name
  uint32_t value_length;  // characters between the parentheses
  uint32_t end;           // after the tag
} Tag;

static Tag read_tag(const int32_t *s, uint32_t n, uint32_t at) {
  Tag tag = {false, false, false, 0, 0, 0};
  uint32_t i = at + 1;
  while (i < n && is_name_char(s[i])) i++;
  tag.name_end = i;
  tag.is_done = i - at == 5 && s[at + 1] == 'd' && s[at + 2] == 'o' && s[at + 3] == 'n' && s[at + 4] == 'e';
  if (i == n || is_space(s[i])) {
    tag.is_tag = true;
    tag.end = i;
    return tag;
  }
  if (s[i] != '(') return tag;
  // The value is the longest run in which every ( and ) follows a backslash and that is followed by a )
  // that is followed by white space or the line end. No longer run passes an unescaped parenthesis.
  uint32_t start = i + 1;
  for (uint32_t j = start; j < n && j - start <= MAX_VALUE_LENGTH; j++) {
    bool escaped = j > start && s[j - 1] == '\\';
    if (s[j] == ')' && (j + 1 == n || is_space(s[j + 1]))) {
      tag.is_tag = true;
      tag.has_value = true;
      tag.value_length = j - start;
      tag.end = j + 1;
    }
    if ((s[j] == '(' || s[j] == ')') && !escaped) break;
  }
  return tag;
}

// A line's body (indentation skipped), read to its end.
typedef struct {
  bool blank;
  bool is_long;
  bool is_task;
  bool is_project;
  bool is_done;
} Line;

static Line read_line(Scanner *scanner, TSLexer *lexer) {
  Line line = {true, false, false, false, false};
  uint32_t n = 0;
  while (!is_line_end(lexer)) {
    if (n == MAX_LINE_LENGTH) {
      while (!is_line_end(lexer)) lexer->advance(lexer, false);
      line.blank = false;
      line.is_long = true;
      return line;
    }
    if (!push(scanner, &n, lexer->lookahead)) return line;
    lexer->advance(lexer, false);
  }
  const int32_t *s = scanner->chars;
  // The content is the body less its trailing tags: it ends with the last word that is no tag, or is the
  // whole body (white space included) when the body doesn't end with tags.
  bool ends_with_tag = false;
  bool last_text_ends_with_colon = false;
  uint32_t text_words = 0;
  bool first_word_is_marker = false; // `-`, `+` or `*`, then white space
  uint32_t i = 0;
  while (i < n) {
    if (is_space(s[i])) { i++; continue; }
    line.blank = false;
    if (s[i] == '@') {
      Tag tag = read_tag(s, n, i);
      if (tag.is_tag) {
        line.is_done = line.is_done || tag.is_done;
        ends_with_tag = true;
        i = tag.end;
        continue;
      }
    }
    uint32_t start = i;
    while (i < n && !is_space(s[i])) i++;
    if (start == 0 && i == 1 && n > 1 && (s[0] == '-' || s[0] == '+' || s[0] == '*')) first_word_is_marker = true;
    text_words++;
    ends_with_tag = false;
    last_text_ends_with_colon = s[i - 1] == ':';
  }
  if (line.blank) return line;
  line.is_task = first_word_is_marker && (!ends_with_tag || text_words > 1);
  line.is_project = !line.is_task && (ends_with_tag ? last_text_ends_with_colon : s[n - 1] == ':');
  return line;
}

static bool scan_line_start(Scanner *scanner, TSLexer *lexer, const bool *valid) {
  // The indentation (leading tabs and spaces) goes before the token, which takes no characters.
  while (lexer->lookahead == '\t' || lexer->lookahead == ' ') lexer->advance(lexer, true);
  lexer->mark_end(lexer);
  Line line = read_line(scanner, lexer);
  if (line.blank) return false;
  if (line.is_long) {
    if (!valid[LONG_LINE]) return false;
    lexer->mark_end(lexer);
    lexer->result_symbol = LONG_LINE;
    return true;
  }
  enum TokenType kind = line.is_task      ? (line.is_done ? DONE_TASK_START : TASK_START)
                        : line.is_project ? (line.is_done ? DONE_PROJECT_START : PROJECT_START)
                                          : (line.is_done ? DONE_NOTE_START : NOTE_START);
  if (!valid[kind]) return false;
  lexer->result_symbol = kind;
  return true;
}

// At a word's start (after white space or at the body's start): a tag's name, when a tag starts here.
static bool scan_tag_name(Scanner *scanner, TSLexer *lexer) {
  while (is_space(lexer->lookahead) && !is_line_end(lexer)) lexer->advance(lexer, true);
  if (lexer->lookahead != '@') return false;
  // The name, then as much as read_tag looks at: up to the first unescaped parenthesis after the `(` and
  // one character more, or the longest value it looks for.
  uint32_t n = 0;
  if (!push(scanner, &n, '@')) return false;
  lexer->advance(lexer, false);
  while (!is_line_end(lexer) && is_name_char(lexer->lookahead)) {
    if (!push(scanner, &n, lexer->lookahead)) return false;
    lexer->advance(lexer, false);
  }
  lexer->mark_end(lexer);
  uint32_t name_end = n;
  if (!is_line_end(lexer) && lexer->lookahead == '(') {
    bool ended = false;
    while (!is_line_end(lexer) && n < name_end + MAX_VALUE_LENGTH + 3) {
      int32_t c = lexer->lookahead;
      if (!push(scanner, &n, c)) return false;
      lexer->advance(lexer, false);
      if (ended) break;
      ended = n - 1 > name_end && (c == '(' || c == ')') && scanner->chars[n - 2] != '\\';
    }
  } else if (!is_line_end(lexer)) {
    if (!push(scanner, &n, lexer->lookahead)) return false;
  }
  Tag tag = read_tag(scanner->chars, n, 0);
  if (!tag.is_tag) return false;
  scanner->value_length = tag.has_value ? tag.value_length : 0;
  lexer->result_symbol = TAG_NAME;
  return true;
}

void *tree_sitter_taskpaper_external_scanner_create(void) { return calloc(1, sizeof(Scanner)); }

void tree_sitter_taskpaper_external_scanner_destroy(void *payload) {
  Scanner *scanner = payload;
  free(scanner->chars);
  free(scanner);
}

unsigned tree_sitter_taskpaper_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *scanner = payload;
  memcpy(buffer, &scanner->value_length, sizeof(uint32_t));
  return sizeof(uint32_t);
}

void tree_sitter_taskpaper_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  Scanner *scanner = payload;
  scanner->value_length = 0;
  if (length == sizeof(uint32_t)) memcpy(&scanner->value_length, buffer, sizeof(uint32_t));
}

bool tree_sitter_taskpaper_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid) {
  Scanner *scanner = payload;
  // Error recovery asks for every token at once: let the grammar's own lexer resynchronise.
  if (valid[ERROR_SENTINEL]) return false;
  if (valid[TASK_START] || valid[PROJECT_START] || valid[NOTE_START] || valid[LONG_LINE]) {
    return scan_line_start(scanner, lexer, valid);
  }
  if (valid[TAG_VALUE] && scanner->value_length > 0) {
    for (uint32_t i = 0; i < scanner->value_length; i++) {
      if (is_line_end(lexer)) return false;
      lexer->advance(lexer, false);
    }
    scanner->value_length = 0;
    lexer->result_symbol = TAG_VALUE;
    return true;
  }
  if (valid[TAG_OPEN] && lexer->lookahead == '(') {
    lexer->advance(lexer, false);
    lexer->result_symbol = TAG_OPEN;
    return true;
  }
  if (valid[TAG_CLOSE] && lexer->lookahead == ')') {
    lexer->advance(lexer, false);
    lexer->result_symbol = TAG_CLOSE;
    return true;
  }
  if (valid[TAG_NAME]) return scan_tag_name(scanner, lexer);
  return false;
}
