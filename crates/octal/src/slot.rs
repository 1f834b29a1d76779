//! How a value is stored: one atomic slot per heap (`u8` while every value fits, then
//! `u16`, then `u32`), so that the two threads of a paired run share them.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU8, Ordering};

/// How a value is stored: the narrowest of `u8`, `u16` and `u32` that every value so far
/// fits in (1, 2 or 4 bytes per heap).
pub(crate) trait Value: Copy + Send + Sync + 'static {
    /// The largest value this type holds.
    const MAX: u32;
    /// The slot holding one value: an atomic, so that the two threads of
    /// [`Engine::advance_two`] share the values (a relaxed load is a plain load).
    type Slot: Slot;
}

/// One stored value, read and written through a shared reference.
pub(crate) trait Slot: Send + Sync + std::fmt::Debug + 'static {
    /// The bits of the value it holds: 8, 16 or 32.
    const BITS: u32;
    /// A slot holding `value` (at most the type's [`Value::MAX`]).
    fn new(value: u32) -> Self;
    /// The value.
    fn get(&self) -> u32;
    /// Stores `value`.
    fn set(&self, value: u32);
    /// The XOR of the two values (taken in the slot's own width: one widening, not two).
    fn xor(&self, other: &Self) -> u32;
}

macro_rules! slots {
    ($($value:ty => $atomic:ty),* $(,)?) => {$(
        impl Value for $value {
            const MAX: u32 = <$value>::MAX as u32;
            type Slot = $atomic;
        }

        impl Slot for $atomic {
            const BITS: u32 = <$value>::BITS;
            #[inline]
            fn new(value: u32) -> Self {
                <$atomic>::new(value as $value)
            }
            #[inline]
            fn get(&self) -> u32 {
                u32::from(self.load(Ordering::Relaxed))
            }
            #[inline]
            fn set(&self, value: u32) {
                self.store(value as $value, Ordering::Relaxed)
            }
            #[inline]
            fn xor(&self, other: &Self) -> u32 {
                u32::from(self.load(Ordering::Relaxed) ^ other.load(Ordering::Relaxed))
            }
        }
    )*};
}

slots!(u8 => AtomicU8, u16 => AtomicU16, u32 => AtomicU32);
