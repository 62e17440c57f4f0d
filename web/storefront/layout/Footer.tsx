export function Footer() {
  return (
    <footer className="mt-16 bg-brand-900 px-4 py-10 text-sm text-white/90">
      <div className="mx-auto grid max-w-7xl gap-8 sm:grid-cols-3">
        <div>
          <h2 className="mb-2 font-semibold text-white">Business hours</h2>
          <p>Mon–Fri 8am–5pm</p>
          <p>Sat 10am–8pm</p>
          <p>Sun closed</p>
        </div>
        <div>
          <h2 className="mb-2 font-semibold text-white">Contact</h2>
          <p>Ratna Gems, Ghumar Mandi, Ludhiana, Punjab 141001</p>
          <p>support@ratnagems.in</p>
        </div>
      </div>
    </footer>
  );
}
