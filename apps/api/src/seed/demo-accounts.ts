/** The demo dealership's accounts people sign in with; the start-up banner prints them. */
export const DEMO_ACCOUNTS = [
  {
    role: 'ADMIN',
    username: 'admin',
    email: 'admin@apexmotors.test',
    password: 'Admin123!',
    name: 'Alex Morgan',
    phone: '+1 (555) 010-0100',
    address: '100 Dealer Way, Springfield, IL',
  },
  {
    role: 'USER',
    username: 'jane',
    email: 'jane@example.com',
    password: 'Customer123!',
    name: 'Jane Cooper',
    phone: '+1 (555) 010-0101',
    address: '12 Oak Street, Springfield, IL',
  },
  {
    role: 'USER',
    username: 'sam',
    email: 'sam@example.com',
    password: 'Customer123!',
    name: 'Sam Patel',
    phone: '+1 (555) 010-0102',
    address: '48 Elm Avenue, Springfield, IL',
  },
] as const;
