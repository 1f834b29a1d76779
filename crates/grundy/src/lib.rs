//! Combinatorial games on directed graphs (filled in by the Sprague-Grundy issue).
