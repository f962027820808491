// Number words in the languages the product's voices speak (the voice profiles' locales: English,
// Spanish, French, German, Italian, Portuguese, Japanese, Chinese, Korean), written as they are matched:
// lower case, accents removed, ß as ss. Facts of each language, listed once.

/** Words that are a number by themselves. */
export const NUMBER_WORDS = new Set(
  [
    // English, with the words people use when reading digits aloud.
    'zero nought naught nil one two three four five six seven eight nine niner ten eleven twelve thirteen',
    'fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fourty fifty sixty seventy',
    'eighty ninety hundred thousand million',
    // Spanish.
    'cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis',
    'diecisiete dieciocho diecinueve veinte veintiuno veintidos veintitres veinticuatro veinticinco',
    'veintiseis veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta ochenta',
    'noventa cien ciento mil',
    // French.
    'zero un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt',
    'vingts trente quarante cinquante soixante cent cents mille',
    // German.
    'null eins zwei zwo drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn vierzehn funfzehn',
    'sechzehn siebzehn achtzehn neunzehn zwanzig dreissig vierzig funfzig sechzig siebzig achtzig neunzig',
    'hundert tausend',
    // Italian.
    'zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici',
    'sedici diciassette diciotto diciannove venti trenta quaranta cinquanta sessanta settanta ottanta',
    'novanta cento mille',
    // Portuguese ("meia", half a dozen, is six when Brazilians read out a number).
    'zero um dois duas tres quatro cinco seis meia sete oito nove dez onze doze treze catorze quatorze',
    'quinze dezesseis dezasseis dezessete dezassete dezoito dezenove dezanove vinte trinta quarenta',
    'cinquenta sessenta setenta oitenta noventa cem cento mil',
    // Korean: native numbers, and Sino-Korean ones written as whole words.
    '하나 둘 셋 넷 다섯 여섯 일곱 여덟 아홉 열 공 영',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Parts that numbers are written with in one word ("achtundvierzig", "quarantotto", "veintiocho"): a
 * word made only of these (two or more, each of three letters or more) is a number.
 */
export const NUMBER_PARTS = [
  ...[...NUMBER_WORDS].filter((word) => word.length >= 3 && /^[a-z]+$/.test(word)),
  // German compound stems and joiner; Italian elided tens; Spanish compound stems.
  'ein',
  'sech',
  'sieb',
  'und',
  'vent',
  'trent',
  'quarant',
  'cinquant',
  'sessant',
  'settant',
  'ottant',
  'novant',
  'mila',
  'veinti',
  'dieci',
];

/** Words that repeat or stand for a digit only beside a number: "double four", "four oh two". */
export const NUMBER_HELPERS = new Set(
  'oh o double triple treble doble doppio triplo duplo doppel doppelte dreifach'.split(' '),
);

/** Words that join the digits of one number: "forty and eight", "vingt et un", "cuarenta y ocho". */
export const NUMBER_JOINERS = new Set('and & y et und e'.split(' '));

/** Chinese and Japanese numerals (including the financial forms, and 幺 for one in phone numbers). */
export const CJK_NUMERALS = '〇零一二三四五六七八九十百千万萬两兩幺壱弐参壹贰貳叁參肆伍陆陸柒捌玖拾';

/** Sino-Korean digit syllables: a word of two or more of them ("사팔이구") is a number. */
export const SINO_KOREAN_DIGITS = '영공일이삼사오육칠팔구십백천만';
