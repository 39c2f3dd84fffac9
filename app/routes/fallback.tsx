export default function Fallback() {
  return <main />;
}
