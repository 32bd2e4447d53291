/**
 * The demo category tree (two levels) and, per leaf, how its parts look: product nouns, cost
 * range, install labor, options, how fitment is expressed, and weight.
 */

export type OptionKind = 'color' | 'size' | 'finish';
/** vehicle: year/make/model fitment; truck: pickups only; bed: pickups by bed length; universal: fits all. */
export type FitmentStyle = 'vehicle' | 'truck' | 'bed' | 'universal';

export interface LeafDef {
  slug: string;
  name: string;
  nouns: readonly string[];
  /** Dealer cost range in whole dollars. */
  cost: readonly [number, number];
  /** Install time range in minutes; absent when the shop does not install it. */
  labor?: readonly [number, number];
  fitment: FitmentStyle;
  /** Share of this leaf's parts that are universal (besides 'universal' leaves). */
  universal?: number;
  /** Fitment that usually depends on the engine (plugs, filters, gaskets). */
  engine?: boolean;
  options?: OptionKind;
  notes?: readonly string[];
  weight: readonly [number, number];
  /** Sold in sets: the minimum order quantity for some parts. */
  minimum?: number;
}

export interface TopDef {
  slug: string;
  name: string;
  leaves: readonly LeafDef[];
}

const FR = ['Front', 'Rear'] as const;

export const CATEGORY_TREE: readonly TopDef[] = [
  {
    slug: 'brakes',
    name: 'Brakes',
    leaves: [
      { slug: 'brake-pads', name: 'Brake Pads', nouns: ['Ceramic Brake Pad Set', 'Semi-Metallic Brake Pad Set', 'Severe Duty Brake Pads'], cost: [18, 90], labor: [60, 120], fitment: 'vehicle', notes: FR, weight: [2, 6] },
      { slug: 'brake-rotors', name: 'Brake Rotors', nouns: ['Brake Rotor', 'Drilled and Slotted Rotor', 'Coated Brake Rotor'], cost: [30, 180], labor: [60, 150], fitment: 'vehicle', notes: FR, weight: [12, 30] },
      { slug: 'brake-calipers', name: 'Calipers', nouns: ['Remanufactured Brake Caliper', 'Loaded Caliper with Bracket'], cost: [35, 160], labor: [60, 120], fitment: 'vehicle', notes: ['Front Left', 'Front Right', 'Rear Left', 'Rear Right'], weight: [6, 14] },
      { slug: 'brake-kits', name: 'Brake Kits', nouns: ['Z36 Truck and Tow Brake Kit', 'Performance Brake Upgrade Kit'], cost: [180, 700], labor: [120, 240], fitment: 'vehicle', notes: FR, weight: [40, 80] },
    ],
  },
  {
    slug: 'suspension',
    name: 'Suspension',
    leaves: [
      { slug: 'shocks', name: 'Shocks', nouns: ['Monotube Shock Absorber', 'Gas Charged Shock', 'Remote Reservoir Shock'], cost: [35, 420], labor: [45, 120], fitment: 'vehicle', notes: ['Front', 'Rear', '0-2 in. Lift', '2-3 in. Lift'], weight: [5, 12] },
      { slug: 'struts', name: 'Struts', nouns: ['Quick-Strut Assembly', 'Strut Cartridge', 'Complete Strut Assembly'], cost: [60, 260], labor: [90, 180], fitment: 'vehicle', notes: FR, weight: [12, 25] },
      { slug: 'control-arms', name: 'Control Arms', nouns: ['Control Arm and Ball Joint Assembly', 'Upper Control Arm', 'Lower Control Arm'], cost: [40, 320], labor: [90, 180], fitment: 'vehicle', notes: ['Front Upper', 'Front Lower', 'Driver Side', 'Passenger Side'], weight: [5, 16] },
      { slug: 'ball-joints', name: 'Ball Joints', nouns: ['Ball Joint', 'Problem Solver Ball Joint'], cost: [15, 90], labor: [60, 150], fitment: 'vehicle', notes: ['Front Upper', 'Front Lower'], weight: [1, 4] },
      { slug: 'lift-kits', name: 'Lift Kits', nouns: ['3.5 in. Suspension Lift Kit', '6 in. Lift Kit', '2.5 in. Lift Kit'], cost: [300, 2400], labor: [300, 600], fitment: 'truck', notes: ['4WD', '2WD', 'With Factory Coil-Overs'], weight: [60, 220] },
      { slug: 'leveling-kits', name: 'Leveling Kits', nouns: ['2 in. Leveling Kit', '2.5 in. Leveling Kit'], cost: [40, 360], labor: [90, 180], fitment: 'truck', notes: ['4WD', '2WD'], weight: [6, 20] },
    ],
  },
  {
    slug: 'steering',
    name: 'Steering',
    leaves: [
      { slug: 'tie-rods', name: 'Tie Rods', nouns: ['Outer Tie Rod End', 'Inner Tie Rod End', 'Tie Rod Assembly'], cost: [12, 90], labor: [60, 120], fitment: 'vehicle', notes: ['Driver Side', 'Passenger Side'], weight: [1, 5] },
      { slug: 'steering-stabilizers', name: 'Steering Stabilizers', nouns: ['Steering Stabilizer', 'Dual Steering Stabilizer Kit'], cost: [45, 260], labor: [30, 90], fitment: 'truck', weight: [3, 9] },
    ],
  },
  {
    slug: 'engine',
    name: 'Engine',
    leaves: [
      { slug: 'air-filters', name: 'Air Filters', nouns: ['Air Filter', 'High-Flow Air Filter', 'Engine Air Filter'], cost: [8, 60], fitment: 'vehicle', engine: true, weight: [1, 3] },
      { slug: 'oil-filters', name: 'Oil Filters', nouns: ['Oil Filter', 'Extended Performance Oil Filter'], cost: [4, 16], fitment: 'vehicle', engine: true, weight: [1, 2] },
      { slug: 'cold-air-intakes', name: 'Cold Air Intakes', nouns: ['Cold Air Intake System', 'Performance Air Intake Kit'], cost: [150, 420], labor: [60, 120], fitment: 'vehicle', engine: true, weight: [10, 22] },
      { slug: 'spark-plugs', name: 'Spark Plugs', nouns: ['Iridium Spark Plug', 'Platinum Spark Plug', 'Laser Iridium Spark Plug'], cost: [3, 14], labor: [30, 120], fitment: 'vehicle', engine: true, weight: [1, 1], minimum: 4 },
      { slug: 'ignition-coils', name: 'Ignition Coils', nouns: ['Ignition Coil', 'Coil-on-Plug Ignition Coil'], cost: [20, 90], labor: [30, 60], fitment: 'vehicle', engine: true, weight: [1, 2] },
      { slug: 'gaskets', name: 'Gaskets', nouns: ['Head Gasket Set', 'Valve Cover Gasket Set', 'Intake Manifold Gasket Set', 'Oil Pan Gasket'], cost: [10, 160], labor: [60, 480], fitment: 'vehicle', engine: true, weight: [1, 6] },
      { slug: 'belts', name: 'Belts', nouns: ['Serpentine Belt', 'Micro-V Belt', 'Timing Belt Kit'], cost: [15, 180], labor: [30, 240], fitment: 'vehicle', engine: true, weight: [1, 4] },
      { slug: 'water-pumps', name: 'Water Pumps', nouns: ['Water Pump', 'Water Pump with Gasket'], cost: [30, 160], labor: [120, 300], fitment: 'vehicle', engine: true, weight: [4, 10] },
      { slug: 'sensors', name: 'Sensors', nouns: ['Oxygen Sensor', 'Camshaft Position Sensor', 'Crankshaft Position Sensor', 'Mass Air Flow Sensor'], cost: [18, 140], labor: [30, 90], fitment: 'vehicle', engine: true, notes: ['Upstream', 'Downstream'], weight: [1, 2] },
      { slug: 'intake-manifolds', name: 'Intake Manifolds', nouns: ['Performer Intake Manifold', 'Dual-Plane Intake Manifold'], cost: [180, 520], labor: [180, 360], fitment: 'vehicle', engine: true, weight: [15, 30] },
    ],
  },
  {
    slug: 'exhaust',
    name: 'Exhaust',
    leaves: [
      { slug: 'cat-back-exhaust', name: 'Cat-Back Exhaust', nouns: ['Cat-Back Exhaust System', 'Touring Cat-Back System', 'Dual Exit Cat-Back'], cost: [380, 1500], labor: [90, 180], fitment: 'vehicle', options: 'finish', weight: [30, 70] },
      { slug: 'mufflers', name: 'Mufflers', nouns: ['Muffler', 'Performance Muffler', 'Chambered Muffler'], cost: [40, 220], labor: [60, 120], fitment: 'vehicle', universal: 0.15, weight: [10, 25] },
      { slug: 'catalytic-converters', name: 'Catalytic Converters', nouns: ['Direct-Fit Catalytic Converter', 'Universal Catalytic Converter'], cost: [120, 900], labor: [90, 180], fitment: 'vehicle', engine: true, notes: ['Federal Emissions', 'CARB Compliant'], weight: [10, 25] },
      { slug: 'exhaust-tips', name: 'Exhaust Tips', nouns: ['Exhaust Tip', 'Slash-Cut Exhaust Tip'], cost: [20, 110], fitment: 'universal', options: 'finish', weight: [2, 5] },
    ],
  },
  {
    slug: 'lighting',
    name: 'Lighting',
    leaves: [
      { slug: 'headlights', name: 'Headlights', nouns: ['Headlight Assembly', 'LED Projector Headlight Set'], cost: [60, 600], labor: [30, 120], fitment: 'vehicle', notes: ['Driver Side', 'Passenger Side', 'Pair'], weight: [6, 20] },
      { slug: 'tail-lights', name: 'Tail Lights', nouns: ['Tail Light Assembly', 'LED Tail Light Set'], cost: [40, 420], labor: [30, 60], fitment: 'vehicle', notes: ['Driver Side', 'Passenger Side', 'Pair'], weight: [3, 10] },
      { slug: 'bulbs', name: 'Bulbs', nouns: ['Headlight Bulb', 'SilverStar Ultra Bulb', 'LED Replacement Bulb'], cost: [6, 60], fitment: 'universal', weight: [1, 1] },
      { slug: 'light-bars', name: 'Light Bars', nouns: ['LED Light Bar', 'Dual Row LED Light Bar', 'Cube LED Light Pair'], cost: [60, 640], labor: [60, 180], fitment: 'universal', options: 'size', weight: [3, 18] },
      { slug: 'fog-lights', name: 'Fog Lights', nouns: ['Fog Light Kit', 'Halogen Fog Lamp'], cost: [40, 260], labor: [60, 120], fitment: 'vehicle', universal: 0.15, weight: [3, 8] },
    ],
  },
  {
    slug: 'exterior',
    name: 'Exterior',
    leaves: [
      { slug: 'tonneau-covers', name: 'Tonneau Covers', nouns: ['Hard Folding Tonneau Cover', 'Soft Roll-Up Tonneau Cover', 'Retractable Tonneau Cover'], cost: [220, 1300], labor: [45, 90], fitment: 'bed', weight: [30, 80] },
      { slug: 'running-boards', name: 'Running Boards', nouns: ['Running Boards', 'PowerStep Running Boards', 'Nerf Step Bars'], cost: [160, 1400], labor: [60, 180], fitment: 'truck', options: 'finish', notes: ['Crew Cab', 'Extended Cab', 'Regular Cab'], weight: [30, 70] },
      { slug: 'fender-flares', name: 'Fender Flares', nouns: ['Fender Flare Set', 'Pocket Style Fender Flares'], cost: [120, 620], labor: [90, 180], fitment: 'vehicle', weight: [15, 35] },
      { slug: 'mud-flaps', name: 'Mud Flaps', nouns: ['Mud Flaps', 'No-Drill Mud Flaps'], cost: [20, 90], labor: [20, 45], fitment: 'vehicle', notes: FR, weight: [2, 6] },
      { slug: 'soft-tops', name: 'Soft Tops', nouns: ['Supertop Soft Top', 'Trektop Soft Top'], cost: [500, 1600], labor: [120, 240], fitment: 'truck', options: 'color', weight: [40, 70] },
      { slug: 'bumpers', name: 'Bumpers', nouns: ['Front Bumper', 'Rear Bumper', 'Stubby Front Bumper'], cost: [300, 1600], labor: [120, 240], fitment: 'truck', weight: [60, 160] },
    ],
  },
  {
    slug: 'interior',
    name: 'Interior',
    leaves: [
      { slug: 'floor-liners', name: 'Floor Liners', nouns: ['FloorLiner', 'X-act Contour Floor Liners', 'All-Weather Floor Mats'], cost: [40, 180], fitment: 'vehicle', options: 'color', notes: ['1st Row', '1st and 2nd Row', '3rd Row'], weight: [6, 14] },
      { slug: 'cargo-liners', name: 'Cargo Liners', nouns: ['Cargo Liner', 'Cargo Liner with Bumper Protector'], cost: [50, 170], fitment: 'vehicle', options: 'color', weight: [5, 12] },
      { slug: 'seat-covers', name: 'Seat Covers', nouns: ['Custom Fit Seat Covers', 'Neoprene Seat Covers'], cost: [60, 340], fitment: 'vehicle', options: 'color', notes: ['Front', 'Rear'], weight: [3, 8] },
    ],
  },
  {
    slug: 'electrical',
    name: 'Electrical',
    leaves: [
      { slug: 'batteries', name: 'Batteries', nouns: ['AGM Battery', 'Deep Cycle Battery', 'Starting Battery'], cost: [90, 280], labor: [15, 45], fitment: 'vehicle', universal: 0.1, weight: [35, 60] },
      { slug: 'alternators', name: 'Alternators', nouns: ['Remanufactured Alternator', 'New Alternator'], cost: [90, 320], labor: [60, 180], fitment: 'vehicle', engine: true, weight: [10, 18] },
      { slug: 'starters', name: 'Starters', nouns: ['Remanufactured Starter', 'New Starter Motor'], cost: [70, 260], labor: [60, 180], fitment: 'vehicle', engine: true, weight: [8, 15] },
    ],
  },
  {
    slug: 'wheels-tires',
    name: 'Wheels & Tires',
    leaves: [
      { slug: 'wheels', name: 'Wheels', nouns: ['Cast Aluminum Wheel', 'Beadlock Style Wheel', 'Steel Wheel'], cost: [70, 380], labor: [30, 60], fitment: 'vehicle', options: 'size', weight: [20, 40] },
      { slug: 'wheel-bearings-hubs', name: 'Wheel Bearings & Hubs', nouns: ['Wheel Bearing and Hub Assembly', 'Wheel Bearing', 'Hub Assembly'], cost: [35, 260], labor: [60, 150], fitment: 'vehicle', notes: ['Front', 'Rear', '4WD', '2WD'], weight: [6, 15] },
      { slug: 'lug-nuts', name: 'Lug Nuts', nouns: ['Lug Nut Kit', 'Wheel Lock Set'], cost: [6, 60], fitment: 'universal', weight: [1, 4] },
    ],
  },
  {
    slug: 'towing',
    name: 'Towing',
    leaves: [
      { slug: 'trailer-hitches', name: 'Trailer Hitches', nouns: ['Class III Trailer Hitch', 'Class IV Receiver Hitch', 'Front Mount Receiver'], cost: [110, 420], labor: [60, 150], fitment: 'vehicle', weight: [30, 70] },
      { slug: 'hitch-balls-mounts', name: 'Ball Mounts', nouns: ['Ball Mount', 'Adjustable Ball Mount', 'Hitch Ball'], cost: [12, 190], fitment: 'universal', weight: [3, 25] },
      { slug: 'towing-wiring', name: 'Towing Wiring', nouns: ['Custom Wiring Harness', '7-Way RV Blade Connector'], cost: [15, 90], labor: [30, 90], fitment: 'vehicle', universal: 0.1, weight: [1, 3] },
      { slug: 'brake-controllers', name: 'Brake Controllers', nouns: ['Electric Trailer Brake Controller', 'Proportional Brake Controller'], cost: [60, 260], labor: [45, 90], fitment: 'universal', weight: [1, 3] },
    ],
  },
  {
    slug: 'fluids-chemicals',
    name: 'Fluids & Chemicals',
    leaves: [
      { slug: 'motor-oil', name: 'Motor Oil', nouns: ['Full Synthetic Motor Oil 5W-30 5 qt', 'Full Synthetic Motor Oil 0W-20 5 qt', 'High Mileage Motor Oil 5W-20 5 qt'], cost: [18, 40], fitment: 'universal', weight: [9, 10] },
      { slug: 'transmission-fluid', name: 'Transmission Fluid', nouns: ['Full Synthetic ATF 1 qt', 'Multi-Vehicle ATF 1 gal'], cost: [6, 40], fitment: 'universal', weight: [2, 9] },
      { slug: 'coolant', name: 'Coolant', nouns: ['Antifreeze/Coolant 50/50 1 gal', 'Concentrated Antifreeze 1 gal'], cost: [10, 24], fitment: 'universal', weight: [8, 9] },
    ],
  },
  {
    slug: 'cooling',
    name: 'Cooling',
    leaves: [
      { slug: 'radiators', name: 'Radiators', nouns: ['Radiator', 'Complete Radiator Assembly'], cost: [90, 420], labor: [120, 240], fitment: 'vehicle', engine: true, weight: [15, 30] },
      { slug: 'thermostats', name: 'Thermostats', nouns: ['Thermostat with Housing', 'OE Type Thermostat'], cost: [8, 60], labor: [45, 120], fitment: 'vehicle', engine: true, weight: [1, 2] },
    ],
  },
  {
    slug: 'fuel-system',
    name: 'Fuel System',
    leaves: [
      { slug: 'fuel-pumps', name: 'Fuel Pumps', nouns: ['Fuel Pump Module Assembly', 'Electric Fuel Pump'], cost: [60, 380], labor: [120, 300], fitment: 'vehicle', engine: true, weight: [4, 10] },
    ],
  },
];

export const OPTION_VALUES: Readonly<Record<OptionKind, { name: string; values: readonly (readonly [string, number])[] }>> = {
  color: { name: 'Color', values: [['Black', 0], ['Tan', 0], ['Grey', 0], ['Cocoa', 1000]] },
  size: { name: 'Size', values: [['17x8.5', 0], ['18x9', 2000], ['20x9', 5000], ['20x10', 7500]] },
  finish: { name: 'Finish', values: [['Black', 0], ['Chrome', 2500], ['Polished Stainless', 4000]] },
};
