export function Footer() {
  return <footer className="border-t p-6 text-sm">© {new Date().getFullYear()}</footer>;
}
