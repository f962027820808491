/** A microphone, drawn like Radix's 15×15 icons (Radix has none): the Start call button's icon. */
export function MicrophoneIcon({
  width = 15,
  height = 15,
}: {
  width?: number | string;
  height?: number | string;
}) {
  return (
    <svg
      width={width}
      height={height}
      viewBox="0 0 15 15"
      fill="none"
      stroke="currentColor"
      strokeWidth="1"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="5" y="1.5" width="5" height="8" rx="2.5" />
      <path d="M3 7.5a4.5 4.5 0 0 0 9 0M7.5 12v2M5.5 14h4" />
    </svg>
  );
}
