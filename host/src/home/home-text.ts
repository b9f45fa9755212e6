/** Texts of Home's overview (the cards' own texts come from their remotes). */
export const homeText = {
  cardFailed: 'Kartu ini tidak dapat dimuat. Bagian lain tetap dapat digunakan.',
  retry: 'Coba lagi',
  noCards: 'Belum ada ringkasan yang dapat ditampilkan untuk peran Anda.',
  overview: 'Ringkasan',
} as const;
