// CodeMirror 5's mode for CLIPS programs ("clips"): comments, strings, numbers,
// variables (?x, $?x, ?*g*), the construct keywords and the name after them, the
// conditional elements, => and <-, the connectives, and the name at a list's head:
// a fact's relation (a rule's patterns, deffacts) and its slots, or a function called.
// Where CodeMirror did not load, this file does nothing (the editor is a textarea).
"use strict";
(function () {
  if (!window.CodeMirror) return;
  const CONSTRUCTS = new Set(["defrule", "deftemplate", "deffacts", "deffunction", "defglobal",
    "defmodule", "defclass", "definstances", "defmessage-handler", "defmethod", "defgeneric"]);
  const CES = new Set(["test", "not", "exists", "forall", "or", "and", "logical", "declare",
    "salience", "auto-focus"]);
  const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?=[\s()";&|~]|$)/;
  const SYMBOL = /^[^\s()";&|~]+/;

  function top(state) { return state.stack[state.stack.length - 1] || null; }

  // What the symbol at a list's head is: a construct (at the top), a conditional
  // element, a fact's relation (a pattern of a rule's left side, outside test and the
  // = and : calls, or a fact of a deffacts), a slot of such a fact, or a function.
  function headStyle(word, state) {
    const depth = state.stack.length, list = state.stack[depth - 1], parent = state.stack[depth - 2];
    if (depth === 1) {
      if (CONSTRUCTS.has(word)) { state.construct = word; state.named = false; state.rhs = false; return "keyword"; }
      return "head";
    }
    if (CES.has(word)) { if (word === "test") list.call = true; else list.ce = true; return "builtin"; }
    if (list.call) return "head";
    if (parent.pattern) return "attribute";
    const facts = state.construct === "deffacts" || (state.construct === "defrule" && !state.rhs);
    if (facts && (depth === 2 || parent.ce)) { list.pattern = true; return "relation"; }
    return "head";
  }

  function tokenString(stream, state) {
    let escaped = false, ch;
    while ((ch = stream.next()) != null) {
      if (ch === '"' && !escaped) { state.inString = false; return "string"; }
      escaped = !escaped && ch === "\\";
    }
    state.inString = true;              // a string goes on to the next line
    return "string";
  }

  function token(stream, state) {
    if (state.inString) return tokenString(stream, state);
    if (stream.eatSpace()) return null;
    const atHead = state.atHead, call = state.callNext;
    state.atHead = false; state.callNext = false;
    const ch = stream.peek();
    if (ch === ";") { stream.skipToEnd(); return "comment"; }
    if (ch === '"') { stream.next(); return tokenString(stream, state); }
    if (ch === "(") {
      stream.next();
      const parent = top(state);
      state.stack.push({call: call || !!(parent && parent.call)});
      state.atHead = true;
      return "bracket";
    }
    if (ch === ")") {
      stream.next(); state.stack.pop();
      if (!state.stack.length) state.construct = null;
      return "bracket";
    }
    if (stream.match("=>")) { if (state.stack.length === 1) state.rhs = true; return "arrow"; }
    if (stream.match("<-")) return "arrow";
    if (stream.match(/^[&|~]/)) return "operator";
    if (stream.match(/^[:=](?=\()/)) { state.callNext = true; return "operator"; }
    const global = stream.match(/^\?\*[^\s()";&|~]*\*/);
    if (global || stream.match(/^\$?\?[^\s()";&|~]*/)) {
      if (state.stack.length === 1) state.named = true;     // no construct name after one
      return global ? "variable-3" : "variable-2";
    }
    if (stream.match(NUMBER)) return "number";
    const word = stream.match(SYMBOL);
    if (!word) { stream.next(); return null; }
    if (atHead) return headStyle(word[0], state);
    if (state.construct && !state.named && state.stack.length === 1) { state.named = true; return "def"; }
    return null;
  }

  CodeMirror.defineMode("clips", () => ({
    startState: () => ({stack: [], inString: false, atHead: false, callNext: false,
                        construct: null, named: false, rhs: false}),
    copyState: s => ({...s, stack: s.stack.map(l => ({...l}))}),
    token,
    // two spaces a level; a line that starts by closing a list, one level less
    indent: (state, after) => Math.max(0, state.stack.length - (/^\)/.test(after) ? 1 : 0)) * 2,
    lineComment: ";",
    closeBrackets: "()\"\"",
  }));
  CodeMirror.defineMIME("text/x-clips", "clips");
})();
