//! 猪国杀 simulator (filled in by the pigs issue).
