/** Invented people and places for the demo customers. */

export const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'William', 'Elizabeth',
  'Carlos', 'Sofia', 'Daniel', 'Ashley', 'Jose', 'Emily', 'Thomas', 'Sarah', 'Christopher', 'Jessica',
  'Juan', 'Karen', 'Matthew', 'Nancy', 'Anthony', 'Lisa', 'Mark', 'Betty', 'Luis', 'Sandra',
  'Steven', 'Angela', 'Paul', 'Rosa', 'Andrew', 'Michelle', 'Joshua', 'Amanda', 'Kevin', 'Melissa',
  'Brian', 'Stephanie', 'Jorge', 'Rebecca', 'Ryan', 'Laura', 'Tyler', 'Brenda', 'Aaron', 'Kimberly',
  'Dustin', 'Tanya', 'Wade', 'Crystal', 'Cody', 'Heather', 'Travis', 'Amber', 'Dale', 'Shelby',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Dawson', 'Pruitt', 'Ochoa', 'Whitaker', 'Bautista', 'Kowalski', 'Lindqvist', 'Okafor', 'Brennan', 'Tran',
] as const;

export const STREETS = [
  'Oak St', 'Maple Ave', 'Cedar Ln', 'Elm St', 'Pecan St', 'Mesquite Dr', 'Juniper Way', 'Aspen Ct',
  'Sycamore Rd', 'Willow Bend', 'Ridgeview Dr', 'Canyon Rd', 'Mockingbird Ln', 'Bluebonnet Trl', 'Cactus Rd',
  'Saguaro Blvd', 'Pine Ridge Dr', 'Lakeshore Dr', 'Hillcrest Ave', 'Ranch Road 12', 'County Road 110',
] as const;

export const COMPANIES = ['', '', '', '', '', 'Lone Star Fleet Services', 'Front Range Plumbing', 'Desert Sun Landscaping', 'Hill Country Roofing', 'Mile High Couriers'] as const;

export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

export const VEHICLE_NOTES = ['', '', '', 'Lift kit installed', 'Customer prefers OEM parts', 'Tows a travel trailer', 'Fleet vehicle', 'Aftermarket wheels 20x9'] as const;

/** VIN characters (no I, O, Q). */
export const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
