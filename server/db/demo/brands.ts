/**
 * Demo brands: name, an AAIA-like 4-letter brand code (invented, not the registered codes),
 * product series, and per category leaf the shape of its part numbers.
 * Pattern characters: '#' a digit, '%' a digit 1-9, '@' a letter; anything else is literal.
 * Part numbers keep the brands' real styles (hyphens, dots, letter prefixes) because the POS
 * looks them up as typed or scanned.
 */

export interface BrandDef {
  name: string;
  code: string;
  series: readonly string[];
  /** leaf slug -> part number patterns */
  lines: Readonly<Record<string, readonly string[]>>;
  /** Relative share of the catalog. */
  weight?: number;
}

export const BRANDS: readonly BrandDef[] = [
  { name: 'K&N', code: 'KNFL', series: ['Replacement Filter', '57 Series FIPK', '63 Series AirCharger', 'Performance Gold'], lines: { 'air-filters': ['33-%###', 'E-%###'], 'cold-air-intakes': ['57-%###', '63-%###', '77-####KP'], 'oil-filters': ['HP-%###', 'PS-%###'] }, weight: 3 },
  { name: 'Bilstein', code: 'BLST', series: ['5100 Series', '5160 Series', '6112 Series', 'B6 4600', 'B8 5100'], lines: { shocks: ['24-%#####', '33-%#####', '25-%#####'], struts: ['22-%#####', '47-%#####'], 'steering-stabilizers': ['33-%#####'], 'leveling-kits': ['46-%#####'] }, weight: 3 },
  { name: 'Bosch', code: 'BSCH', series: ['QuietCast', 'Double Iridium', 'Premium Oxygen Sensor'], lines: { 'spark-plugs': ['9%##', 'FR%####'], 'ignition-coils': ['0221######', '00###'], sensors: ['0242######', '1####'], 'fuel-pumps': ['6####', '69###'], 'brake-pads': ['BC%###', 'BE%###'] }, weight: 3 },
  { name: 'Moog', code: 'MOOG', series: ['Problem Solver', 'R-Series'], lines: { 'control-arms': ['RK6#####', 'K6#####'], 'ball-joints': ['K%####', 'K%#####'], 'tie-rods': ['ES%###', 'ES8####'], 'wheel-bearings-hubs': ['51####', '515###'] }, weight: 3 },
  { name: 'ACDelco', code: 'ACDL', series: ['Gold', 'Silver', 'GM Original Equipment'], lines: { 'oil-filters': ['PF%#', 'PF%##', 'PF%##G'], 'spark-plugs': ['41-%##'], sensors: ['213-%###', '12######'], 'water-pumps': ['252-%##'], batteries: ['%##PG', '%##AGM'], 'fuel-pumps': ['M10###'] }, weight: 3 },
  { name: 'Motorcraft', code: 'MTCR', series: ['Ford Original Equipment'], lines: { 'oil-filters': ['FL-%###-S', 'FL-%##'], 'spark-plugs': ['SP-%##'], 'air-filters': ['FA-%###'], batteries: ['BXT-%#-###'], 'ignition-coils': ['DG-%##'] }, weight: 2 },
  { name: 'Wagner', code: 'WGNR', series: ['ThermoQuiet', 'OEx', 'SevereDuty'], lines: { 'brake-pads': ['QC%###', 'ZD%###', 'OEX%###'], 'brake-rotors': ['BD%#####', 'BD1#####E'], bulbs: ['BP%###', '9###LL'] }, weight: 2 },
  { name: 'Brembo', code: 'BRMB', series: ['UV Coated', 'Premium NAO', 'Xtra'], lines: { 'brake-rotors': ['09.%###.##', '25.%###.##'], 'brake-pads': ['P%#######N', 'P%#######'], 'brake-kits': ['1N%.####A'] }, weight: 2 },
  { name: 'Monroe', code: 'MNRO', series: ['Reflex', 'Gas-Magnum', 'OESpectrum'], lines: { shocks: ['58%##', '37%##', '911###'], struts: ['171###', '172###', '181###'] }, weight: 2 },
  { name: 'Denso', code: 'DNSO', series: ['Iridium TT', 'First Time Fit'], lines: { 'spark-plugs': ['%###', 'IK%#', 'IXEH%#TT'], sensors: ['234-%###', '196-%###'], 'ignition-coils': ['673-%###'], alternators: ['210-%###'], starters: ['280-%###'] }, weight: 2 },
  { name: 'NGK', code: 'NGKS', series: ['Laser Iridium', 'G-Power', 'V-Power'], lines: { 'spark-plugs': ['%###', '%####', 'ILZKR7B#'], 'ignition-coils': ['U5%##', '48###'], sensors: ['2%###'] }, weight: 2 },
  { name: 'Gates', code: 'GATE', series: ['Micro-V', 'PowerGrip', 'Green Stripe'], lines: { belts: ['K0%####', 'TCKWP%##', '%###K'], 'water-pumps': ['4%####', '43###'], radiators: ['%###'] }, weight: 2 },
  { name: 'Dayco', code: 'DAYC', series: ['Poly Rib', 'Top Cog'], lines: { belts: ['5%#####', '15###'], thermostats: ['8#####'] } },
  { name: 'Fel-Pro', code: 'FELP', series: ['PermaDryPlus', 'MLS'], lines: { gaskets: ['HS%####PT', 'VS%####R', 'MS%####', 'OS%####R'] }, weight: 2 },
  { name: 'Edelbrock', code: 'EDEL', series: ['Performer', 'Performer RPM', 'Victor'], lines: { 'intake-manifolds': ['%###', '7%##', '2%##'], 'cold-air-intakes': ['1%###'] } },
  { name: 'Borla', code: 'BORL', series: ['S-Type', 'ATAK', 'Touring'], lines: { 'cat-back-exhaust': ['140%##', '1408##'], mufflers: ['40%##'], 'exhaust-tips': ['20%##'] } },
  { name: 'Flowmaster', code: 'FLWM', series: ['Super 44', 'Outlaw', 'FlowFX', 'American Thunder'], lines: { mufflers: ['8%####', '9%####'], 'cat-back-exhaust': ['817%##', '717%##'], 'exhaust-tips': ['15###'] } },
  { name: 'Magnaflow', code: 'MGFL', series: ['Street Series', 'Competition Series', 'OEM Grade'], lines: { 'cat-back-exhaust': ['19%##', '15%##'], 'catalytic-converters': ['5#####', '49####'], mufflers: ['1####'] } },
  { name: 'WeatherTech', code: 'WTCH', series: ['FloorLiner HP', 'No-Drill'], lines: { 'floor-liners': ['44%###', '45%###', '4Q%###'], 'cargo-liners': ['40%##'], 'mud-flaps': ['110%##', '120%##'] }, weight: 2 },
  { name: 'Husky Liners', code: 'HSKY', series: ['X-act Contour', 'WeatherBeater'], lines: { 'floor-liners': ['%####', '9%###'], 'mud-flaps': ['5####'], 'cargo-liners': ['2####'] } },
  { name: 'Rough Country', code: 'RGHC', series: ['Vertex', 'N3', 'Black Series'], lines: { 'lift-kits': ['%##20', '%##30', '%##N2'], 'leveling-kits': ['%##', '%##30'], 'light-bars': ['70%##', '76%##'], 'steering-stabilizers': ['87###'], bumpers: ['10%##'] }, weight: 2 },
  { name: 'Bestop', code: 'BSTP', series: ['Supertop NX', 'Trektop', 'EZ-Roll'], lines: { 'soft-tops': ['5%###-##', '56###-##'], 'tonneau-covers': ['19%##-01'] } },
  { name: 'Westin', code: 'WSTN', series: ['Pro-Traxx', 'HDX', 'Platinum'], lines: { 'running-boards': ['2%-####', '21-%###', '28-5####'], bumpers: ['58-%####'], 'trailer-hitches': ['65-%####'] } },
  { name: 'AMP Research', code: 'AMPR', series: ['PowerStep', 'BedStep'], lines: { 'running-boards': ['7%###-01A', '76###-01A'] } },
  { name: 'Rugged Ridge', code: 'RGRD', series: ['Spartan', 'Hurricane', 'All-Terrain'], lines: { 'fender-flares': ['11640.##', '11620.##'], 'floor-liners': ['12920.##', '12950.##'], bumpers: ['11540.##', '11549.##'], 'soft-tops': ['13750.##'] } },
  { name: 'Mopar', code: 'MOPR', series: ['Mopar OE', 'Jeep Performance Parts'], lines: { 'oil-filters': ['MO-%##', '68%#####AA'], 'air-filters': ['53%#####AA'], sensors: ['5%######AB', '68######AC'], 'floor-liners': ['82%#####'] }, weight: 2 },
  { name: 'Timken', code: 'TIMK', series: ['Hub Assembly'], lines: { 'wheel-bearings-hubs': ['HA%#####', 'SET%#', '51####'] }, weight: 2 },
  { name: 'SKF', code: 'SKFB', series: ['Hub Unit'], lines: { 'wheel-bearings-hubs': ['BR%####', 'GRW###'] } },
  { name: 'Dorman', code: 'DRMN', series: ['OE FIX', 'HELP!', 'AutoGrade'], lines: { 'control-arms': ['5%#-###', '52#-###'], sensors: ['917-###', '907-###'], 'lug-nuts': ['711-###', '611-###'], 'towing-wiring': ['924-###'], 'water-pumps': ['902-###'], 'fender-flares': ['924-###'] }, weight: 3 },
  { name: 'Spectra Premium', code: 'SPPR', series: ['Premium'], lines: { 'fuel-pumps': ['SP%###M', 'SP%###H'], radiators: ['CU%###'], 'catalytic-converters': ['CC%###'] } },
  { name: 'Walker', code: 'WLKR', series: ['Quiet-Flow', 'SoundFX', 'Ultra EPA'], lines: { mufflers: ['2####', '18###', '21###'], 'catalytic-converters': ['16###', '15###'] } },
  { name: 'Cardone', code: 'CRDN', series: ['Reman', 'Select'], lines: { 'brake-calipers': ['18-%###', '18-B####', '19-%###'], alternators: ['%#-####'], starters: ['%#-####'], 'water-pumps': ['58-%##', '55-#####'] }, weight: 2 },
  { name: 'Hella', code: 'HELA', series: ['Performance Series', 'ValueFit'], lines: { 'fog-lights': ['00%######'], bulbs: ['H%####', '9%##'], headlights: ['01%######'], 'tail-lights': ['02%######', '9EL%######'] } },
  { name: 'Sylvania', code: 'SYLV', series: ['SilverStar Ultra', 'XtraVision', 'ZEVO LED'], lines: { bulbs: ['%###ST.BP2', 'H%#XV.BP2', '%###SU.BP2', 'H%#SZ.BP2'] }, weight: 0.2 },
  { name: 'Optima', code: 'OPTM', series: ['RedTop', 'YellowTop', 'BlueTop'], lines: { batteries: ['8%##-###', '8###-###'] } },
  { name: 'Interstate', code: 'INTB', series: ['Mega-Tron Plus', 'AGM'], lines: { batteries: ['MTX-%#', 'MTZ-%#', 'MT-%#'] } },
  { name: 'Mobil 1', code: 'MOBL', series: ['Extended Performance', 'High Mileage'], lines: { 'motor-oil': ['12####', '15####'], 'oil-filters': ['M1-%##A', 'M1C-%##A'] }, weight: 0.2 },
  { name: 'Castrol', code: 'CSTL', series: ['EDGE', 'GTX', 'Transmax'], lines: { 'motor-oil': ['03####', '15####'], 'transmission-fluid': ['03####'] }, weight: 0.2 },
  { name: 'Valvoline', code: 'VALV', series: ['MaxLife', 'Advanced Full Synthetic'], lines: { 'motor-oil': ['88%###', '78%###'], 'transmission-fluid': ['VV3##'], coolant: ['7#####'] }, weight: 0.2 },
  { name: 'Lund', code: 'LUND', series: ['Genesis', 'Hard Fold', 'Terrain HX'], lines: { 'tonneau-covers': ['95%###', '96%###'], 'fender-flares': ['%####'], 'running-boards': ['2%####'] } },
  { name: 'Centric', code: 'CNTR', series: ['C-TEK', 'Premium', 'PosiQuiet'], lines: { 'brake-rotors': ['120.%####', '121.%####'], 'brake-pads': ['105.%####', '104.%####'], 'brake-calipers': ['141.%####'] }, weight: 2 },
  { name: 'Power Stop', code: 'PWST', series: ['Z36 Truck and Tow', 'Z23 Evolution Sport', 'Z17'], lines: { 'brake-kits': ['K%###-36', 'K%###'], 'brake-pads': ['Z23-%###', 'Z36-%###', '17-%###'] } },
  { name: 'Fox', code: 'FOXR', series: ['2.0 Performance', '2.5 Factory Race'], lines: { shocks: ['985-24-%##', '883-24-%##'], 'steering-stabilizers': ['985-24-###'] } },
  { name: 'CURT', code: 'CURT', series: ['Class 3', 'Class 4', 'Echo'], lines: { 'trailer-hitches': ['1%###', '13###', '14###'], 'towing-wiring': ['5%###', '56###'], 'brake-controllers': ['51%##'], 'hitch-balls-mounts': ['45%##', '40###'] }, weight: 2 },
  { name: 'Draw-Tite', code: 'DRWT', series: ['Max-Frame', 'Ultra Frame'], lines: { 'trailer-hitches': ['75%##', '41###'], 'hitch-balls-mounts': ['63###'] } },
  { name: 'BAK', code: 'BAKI', series: ['BAKFlip MX4', 'BAKFlip G2', 'Revolver X4s'], lines: { 'tonneau-covers': ['448%##', '226###', '80###'] } },
  { name: 'Tekonsha', code: 'TKNS', series: ['Prodigy P3', 'Primus IQ'], lines: { 'brake-controllers': ['90%##'], 'towing-wiring': ['118###', '3###'] } },
  { name: 'Delphi', code: 'DLPH', series: ['OE Heritage'], lines: { 'fuel-pumps': ['FG%###', 'FE%###'], 'ignition-coils': ['GN10###'] } },
  { name: 'Prestone', code: 'PRST', series: ['Extended Life'], lines: { coolant: ['AF%###', 'AF####Y'] }, weight: 0.2 },
  { name: 'Stant', code: 'STNT', series: ['SuperStat', 'OE Type'], lines: { thermostats: ['%####', '48###'] } },
  { name: 'Method Race Wheels', code: 'MTHD', series: ['MR305 NV', 'MR701', 'MR312'], lines: { wheels: ['MR%##########', 'MR70#########'] } },
  { name: 'Gorilla', code: 'GRLA', series: ['Small Diameter', 'Guard'], lines: { 'lug-nuts': ['%##-####', '21###'] }, weight: 0.2 },
];
